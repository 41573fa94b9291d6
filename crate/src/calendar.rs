//! The calendar: dates as days since 1970-01-01 and back (the proleptic Gregorian calendar, by
//! Howard Hinnant's civil-date algorithms), and a time in UTC as ISO 8601. One place for the
//! practice log's times, the review schedule and the class server's dates.

/// Seconds in a day.
pub const DAY: i64 = 86_400;

/// The days of month `m` (1 to 12) of year `y`.
pub fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a date (year, month 1 to 12, day).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date (year, month 1 to 12, day) of a day counted since 1970-01-01.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// An ISO-8601 time in UTC, to the second: `2026-11-28T09:00:00Z`.
pub fn format_time(secs: i64) -> String {
    let (y, m, d) = civil_from_days(secs.div_euclid(DAY));
    let rem = secs.rem_euclid(DAY);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_dates_agree() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(format_time(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(format_time(-1), "1969-12-31T23:59:59Z");
        for days in [-800_000, -1, 0, 59, 11_016, 20_785, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert!(d as i64 <= days_in_month(y, i64::from(m)));
            assert_eq!(days_from_civil(y, i64::from(m), i64::from(d)), days);
        }
    }
}
