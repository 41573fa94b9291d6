//! The fuzzers' seed corpus (crate/fuzz/corpus/<reader>/) and any findings
//! (crate/fuzz/findings/<reader>/) replayed through the readers: none may panic. `npm run fuzz`
//! explores from these seeds with AFL++; this test keeps what it found fixed. Native only: it
//! reads the files from disk, and the glossary's checker is the command line's.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../fuzz/src/readers.rs"]
mod readers;

use std::path::Path;

#[test]
fn every_seed_and_finding_reads_without_a_panic() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut fed = 0;
    for reader in readers::READERS {
        for folder in ["corpus", "findings"] {
            let Ok(entries) = std::fs::read_dir(fuzz.join(folder).join(reader)) else { continue };
            for entry in entries.flatten() {
                let data = std::fs::read(entry.path()).unwrap();
                readers::read(reader, &data);
                fed += 1;
            }
        }
        // and the hostile inputs of issue 17, to every reader
        for data in [
            deep('['),
            deep('{'),
            b"\xEF\xBB\xBF".to_vec(),
            b"\xEF\xBB\xBF[]".to_vec(),
            b"[1]".to_vec(),
            vec![b'"'; 3],
        ] {
            readers::read(reader, &data);
        }
    }
    assert!(fed >= 40, "only {fed} seeds");
}

fn deep(open: char) -> Vec<u8> {
    let mut s = String::new();
    for _ in 0..100_000 {
        s.push(open);
        if open == '{' {
            s.push_str("\"a\":");
        }
    }
    s.into_bytes()
}
