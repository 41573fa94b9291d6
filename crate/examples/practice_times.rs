//! The practice bench's native figures (bench/practice.mjs): each exercise of each skill made and
//! proved on its own, timed, in one process (the endgame tables read once, as a page or the
//! class server reads them).
//!
//! `cargo run --release --example practice_times -- [N] [SKILL,…]`: for each skill (all, or
//! those named), seeds 1 to N (1,000 by default); one JSON line per skill:
//! `{skill, n, mean, p50, p95, max, distinct, min_rating, max_rating, mean_rating, sd_rating}`
//! (milliseconds; `distinct`: positions with their goal that differ).
// Natively, or for wasm32 with the `practice` feature (wasm-pack test builds the crate's examples
// for wasm32 with the lesson packages' features, which leave practice out).
#[cfg(any(feature = "practice", not(target_arch = "wasm32")))]
mod times {
    use chess_tutor::practice;
    use std::collections::HashSet;
    use std::time::Instant;

    fn percentile(sorted: &[f64], p: f64) -> f64 {
        if sorted.is_empty() {
            return 0.0;
        }
        let k = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
        sorted[k.clamp(1, sorted.len()) - 1]
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let n: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
        let only: Option<Vec<&str>> = args.get(1).map(|a| a.split(',').collect());
        // the tables and the first search's allocations are not any exercise's time
        let _ = practice::make("fork", 1, None);
        for s in practice::skills() {
            if only.as_ref().is_some_and(|o| !o.contains(&s.id.as_str())) {
                continue;
            }
            let mut times = Vec::new();
            let mut positions = HashSet::new();
            let mut ratings = Vec::new();
            let mut failed = 0;
            for seed in 1..=n {
                let t0 = Instant::now();
                let made = practice::make(&s.id, seed, None);
                times.push(t0.elapsed().as_secs_f64() * 1000.0);
                match made {
                    Ok(ex) => {
                        let l = &ex.lesson;
                        positions.insert(serde_json::to_string(&(&l.position, &l.goal)).unwrap());
                        ratings.push(ex.rating as f64);
                    }
                    Err(_) => failed += 1,
                }
            }
            let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
            times.sort_by(f64::total_cmp);
            let r_mean = ratings.iter().sum::<f64>() / ratings.len().max(1) as f64;
            let r_sd = (ratings.iter().map(|r| (r - r_mean).powi(2)).sum::<f64>()
                / ratings.len().max(1) as f64)
                .sqrt();
            println!(
                "{}",
                serde_json::json!({
                    "skill": s.id,
                    "n": n,
                    "failed": failed,
                    "mean": mean,
                    "p50": percentile(&times, 50.0),
                    "p95": percentile(&times, 95.0),
                    "max": times.last().copied().unwrap_or(0.0),
                    "distinct": positions.len(),
                    "min_rating": ratings.iter().copied().fold(f64::INFINITY, f64::min),
                    "max_rating": ratings.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                    "mean_rating": r_mean,
                    "sd_rating": r_sd,
                })
            );
        }
    }
}

fn main() {
    #[cfg(any(feature = "practice", not(target_arch = "wasm32")))]
    times::main();
}
