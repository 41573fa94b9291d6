//! The fuzz targets' shared part: [`readers::read`].
pub mod readers;
