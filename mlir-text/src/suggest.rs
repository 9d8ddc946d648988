//! "Did you mean ...?" for misspelled names: the closest known name by edit distance (a
//! swap of neighbours is one edit), if it is close enough to be a likely typo (at most 2
//! edits, and fewer than half of the name after its dialect prefix).

/// The edit distance between `a` and `b`: insertions, deletions, substitutions and swaps of
/// two neighbouring characters (`mxu` is one edit from `mux`), each counting 1.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // d[i][j]: distance between a[..i] and b[..j].
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, v) in d[0].iter_mut().enumerate() {
        *v = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let sub = d[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = sub.min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The candidate closest to `name`, if it is a likely typo of it; ties go to the first.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // Judged on the part after the dialect (`foo` of `comb.foo`): a short name needs a
    // closer match.
    let stem = name.rsplit('.').next().unwrap_or(name);
    let limit = 2.min(stem.chars().count().saturating_sub(1) / 2).max(1);
    candidates
        .into_iter()
        .filter(|c| *c != name)
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// `" (did you mean 'x'?)"` for the closest candidate, or nothing.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    closest(name, candidates).map_or_else(String::new, |c| format!(" (did you mean '{c}'?)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_find_their_names() {
        assert_eq!(edit_distance("comb.ad", "comb.add"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("mxu", "mux"), 1);
        let ops = ["comb.add", "comb.and", "comb.mux", "comb.icmp"];
        assert_eq!(closest("comb.ad", ops), Some("comb.add"));
        assert_eq!(closest("comb.icmpp", ops), Some("comb.icmp"));
        assert_eq!(closest("comb.frobnicate", ops), None);
        assert_eq!(did_you_mean("comb.mxu", ops), " (did you mean 'comb.mux'?)");
        // Short names need a closer match: one edit at most.
        assert_eq!(closest("ab", ["cd", "ax"]), Some("ax"));
        assert_eq!(did_you_mean("zzzz", ops), "");
        assert_eq!(closest("comb.foo", ["comb.or", "comb.xor"]), None);
    }
}
