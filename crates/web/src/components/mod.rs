//! The page's components, one per file. Each reads the shared [`State`](crate::state::State)
//! and draws; none computes a model.

mod charts;
mod check_view;
mod collectives_view;
mod compare_view;
mod controls;
mod errors;
mod explain_panel;
pub(crate) mod export_bar;
mod figure;
mod fits_table;
mod followed_rows;
mod import_report;
mod import_view;
mod machine_picker;
mod metrics_table;
mod model_picker;
mod pattern_picker;
mod pickers;
mod presets;
mod regimes_view;
mod scale_toggle;
mod share;
mod tabs;
mod traffic_view;
mod validate_view;
mod validation_table;
mod warnings;

pub use charts::Charts;
pub use collectives_view::CollectivesView;
pub use compare_view::CompareView;
pub use controls::Controls;
pub use errors::ErrorList;
pub use explain_panel::ExplainPanel;
pub use export_bar::{plain, ExportArgs, ExportBar};
pub use import_view::ImportView;
pub use machine_picker::Fitted;
pub use metrics_table::MetricsTable;
pub use pickers::Pickers;
pub use presets::Presets;
pub use regimes_view::RegimesView;
pub use share::Share;
pub use tabs::Tabs;
pub use traffic_view::TrafficView;
pub use validate_view::ValidateView;
pub use warnings::WarningList;
