fn main() {
    let q = std::env::args().nth(1).unwrap_or_default();
    match commcalc_core::run(&q) {
        Ok(r) => println!("{} {:?} {:?}", r.query, r.metrics, r.warnings),
        Err(e) => eprintln!("{e}"),
    }
}
