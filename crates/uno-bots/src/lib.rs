//! Computer opponents (work in progress).
