//! The page's components, one per file. Each reads the shared [`State`](crate::state::State)
//! and draws; none computes a model.

mod charts;
mod choice_control;
mod controls;
mod errors;
mod machine_picker;
mod mesh_control;
mod metrics_table;
mod model_picker;
mod number_control;
mod pattern_picker;
mod scale_toggle;
mod warnings;

pub use charts::Charts;
pub use choice_control::ChoiceControl;
pub use controls::Controls;
pub use errors::ErrorList;
pub use machine_picker::MachinePicker;
pub use mesh_control::MeshControl;
pub use metrics_table::MetricsTable;
pub use model_picker::ModelPicker;
pub use number_control::NumberControl;
pub use pattern_picker::PatternPicker;
pub use scale_toggle::ScaleToggle;
pub use warnings::WarningList;
