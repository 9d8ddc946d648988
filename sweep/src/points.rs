//! The points of a sweep: for each input, the product of the option axes and that input's
//! loop axes, less the excluded ones and those the filter rejects, optionally a seeded
//! random sample of them.

use crate::spec::{Spec, Val};
use flow::Error;
use serde::{Deserialize, Serialize};

/// A point's number (its index in the enumeration; `--point I`, the Slurm array index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PointId(pub usize);

impl PointId {
    /// Its folder name under `DIR/points/` (zero-padded to four digits, as Slurm's `%4a`).
    pub fn folder(self) -> String {
        format!("{:04}", self.0)
    }
}

/// One point: an input and a value for each axis that applies to it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// Its number.
    pub id: PointId,
    /// Index into the spec's inputs.
    pub input: usize,
    /// The input's file name.
    pub input_name: String,
    /// `(axis name, value)`, in the spec's axis order.
    pub params: Vec<(String, Val)>,
}

impl Point {
    /// The value of axis `name`, if the point has it.
    pub fn get(&self, name: &str) -> Option<&Val> {
        self.params.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

/// Every point of the spec, numbered from 0. An empty result is a located error.
pub fn enumerate(spec: &Spec) -> Result<Vec<Point>, Error> {
    let mut points = Vec::new();
    for input in 0..spec.inputs.len() {
        let axes: Vec<_> =
            spec.axes.iter().filter(|a| a.target.as_ref().is_none_or(|t| t.input == input)).collect();
        let mut combos: Vec<Vec<(String, Val)>> = vec![Vec::new()];
        for a in &axes {
            combos = combos
                .into_iter()
                .flat_map(|c| {
                    a.values.iter().map(move |v| {
                        let mut c = c.clone();
                        c.push((a.name.clone(), v.clone()));
                        c
                    })
                })
                .collect();
        }
        let name = crate::loops::base_name(&spec.inputs[input]);
        for params in combos {
            let excluded = spec
                .exclude
                .iter()
                .any(|e| e.iter().all(|(k, v)| params.iter().any(|(n, x)| n == k && x.same(v))));
            let kept = match &spec.filter {
                None => true,
                Some((f, at)) => f.keeps(&name, &params).map_err(|e| {
                    let values: Vec<String> =
                        params.iter().map(|(n, v)| format!("{n}={}", v.text())).collect();
                    spec.error(
                        at + e.at..at + e.at + 1,
                        &format!("filter: {} (at {name} {})", e.msg, values.join(" ")),
                    )
                })?,
            };
            if !excluded && kept {
                points.push(Point { id: PointId(0), input, input_name: name.clone(), params });
            }
        }
    }
    if let Some((n, seed)) = spec.sample {
        points = sample(points, n, seed);
    }
    if points.is_empty() {
        return Err(
            spec.error(spec.sweep_span(), "the sweep has no points: every point is excluded or filtered out")
        );
    }
    for (i, p) in points.iter_mut().enumerate() {
        p.id = PointId(i);
    }
    Ok(points)
}

/// `n` of `points`, chosen by a seeded shuffle, in their original order.
fn sample(points: Vec<Point>, n: usize, seed: u64) -> Vec<Point> {
    if n >= points.len() {
        return points;
    }
    let mut state = seed;
    let mut next = || {
        // splitmix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut idx: Vec<usize> = (0..points.len()).collect();
    for i in (1..idx.len()).rev() {
        idx.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    let mut keep: Vec<usize> = idx[..n].to_vec();
    keep.sort_unstable();
    keep.into_iter().map(|i| points[i].clone()).collect()
}

/// The points as `--dry-run` prints them, one a line.
pub fn listing(points: &[Point]) -> String {
    let mut s = String::new();
    for p in points {
        let params: Vec<String> = p.params.iter().map(|(n, v)| format!("{n}={}", v.text())).collect();
        s.push_str(&format!("{:>4}  {}  {}\n", p.id.0, p.input_name, params.join(" ")));
    }
    s.push_str(&format!("{} points\n", points.len()));
    s
}
