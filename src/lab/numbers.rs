//! The big numbers behind a shuffle (docs/LAB.md), computed: exact integers as decimal strings (a tiny bignum of u32
//! limbs multiplied by small integers), and the ratios as f64.

use serde::Serialize;

/// One figure: an id, its value, its exact digits when it is an integer, and what it is.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figure {
    /// A short English id, e.g. "deck-orderings".
    pub id: &'static str,
    /// The value as a float (rounded when the exact value is longer than f64 holds).
    pub value: f64,
    /// Every decimal digit, when the figure is an integer.
    pub exact: Option<String>,
    /// What the figure is, in a few English words.
    pub label: &'static str,
}

/// All of the big numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Numbers {
    /// The figures, integers first.
    pub figures: Vec<Figure>,
}

impl Numbers {
    /// The figure with this id.
    pub fn get(&self, id: &str) -> Option<&Figure> {
        self.figures.iter().find(|f| f.id == id)
    }
}

/// A non-negative integer as little-endian base-2^32 limbs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigUint(Vec<u32>);

impl BigUint {
    /// The integer `n`.
    pub fn from_u64(n: u64) -> BigUint {
        let mut big = BigUint(vec![n as u32, (n >> 32) as u32]);
        big.trim();
        big
    }

    /// n!, for small n.
    pub fn factorial(n: u32) -> BigUint {
        (2..=n).fold(BigUint::from_u64(1), |acc, k| acc.times(k))
    }

    /// 2^k.
    pub fn pow2(k: u32) -> BigUint {
        let mut limbs = vec![0u32; k as usize / 32 + 1];
        limbs[k as usize / 32] = 1 << (k % 32);
        BigUint(limbs)
    }

    /// This integer times a small one.
    pub fn times(mut self, k: u32) -> BigUint {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let product = u64::from(*limb) * u64::from(k) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
        self.trim();
        self
    }

    /// This integer divided by a small one (the remainder is dropped).
    pub fn div_by(mut self, k: u32) -> BigUint {
        self.div_rem(k);
        self
    }

    /// Divides in place by a small integer and returns the remainder.
    fn div_rem(&mut self, k: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let current = (rem << 32) | u64::from(*limb);
            *limb = (current / u64::from(k)) as u32;
            rem = current % u64::from(k);
        }
        self.trim();
        rem as u32
    }

    fn trim(&mut self) {
        while self.0.len() > 1 && self.0.last() == Some(&0) {
            self.0.pop();
        }
        if self.0.is_empty() {
            self.0.push(0);
        }
    }

    /// The value as the nearest f64.
    pub fn to_f64(&self) -> f64 {
        self.0.iter().rev().fold(0.0, |acc, &limb| acc * 4_294_967_296.0 + f64::from(limb))
    }

    /// log2 of the value (−∞ for 0).
    pub fn log2(&self) -> f64 {
        let top = self.0.len().saturating_sub(2);
        let head = self.0[top..].iter().rev().fold(0.0, |acc, &limb| acc * 4_294_967_296.0 + f64::from(limb));
        head.log2() + 32.0 * top as f64
    }

    /// Every decimal digit.
    pub fn to_decimal(&self) -> String {
        let mut rest = self.clone();
        let mut groups = Vec::new();
        loop {
            groups.push(rest.div_rem(1_000_000_000));
            if rest.0 == [0] {
                break;
            }
        }
        let mut text = groups.pop().map(|g| g.to_string()).unwrap_or_default();
        for group in groups.iter().rev() {
            text.push_str(&format!("{group:09}"));
        }
        text
    }
}

fn integer(id: &'static str, n: &BigUint, label: &'static str) -> Figure {
    Figure { id, value: n.to_f64(), exact: Some(n.to_decimal()), label }
}

fn ratio(id: &'static str, value: f64, label: &'static str) -> Figure {
    Figure { id, value, exact: None, label }
}

/// 1 − Π_{k<n} (1 − k/2^32): the chance that n 32-bit keys are not all different (a restart of
/// the sort-by-keys shuffle), summed in logs to keep the digits of a number so close to 0.
pub fn key_collision_chance(n: u32) -> f64 {
    let log_all_distinct: f64 = (0..n).map(|k| (-f64::from(k) / 4_294_967_296.0).ln_1p()).sum();
    -log_all_distinct.exp_m1()
}

/// The big numbers: the deck's orderings, generator states, deals and hands, and their ratios.
pub fn numbers() -> Numbers {
    let orderings = BigUint::factorial(52);
    let xorshift = BigUint::pow2(128);
    let chacha = BigUint::pow2(256);
    let ordered_deals = (48..=52).fold(BigUint::from_u64(1), |acc, k| acc.times(k));
    let hands = ordered_deals.clone().div_by(120);
    let n_ordered_deals = ordered_deals.to_f64();
    let figures = vec![
        integer("deck-orderings", &orderings, "52!: orderings of a 52-card deck"),
        integer("xorshift128plus-states", &xorshift, "2^128: states of xorshift128+"),
        integer("chacha20-seeds", &chacha, "2^256: 32-byte ChaCha20 seeds"),
        integer("ordered-deals", &ordered_deals, "52·51·50·49·48: ordered five-card deals"),
        integer("hands", &hands, "C(52,5): five-card hands"),
        ratio(
            "states-per-ordering",
            xorshift.to_f64() / orderings.to_f64(),
            "2^128 / 52!: share of orderings reachable",
        ),
        ratio("log2-deck-orderings", orderings.log2(), "log2(52!): bits needed to pick an ordering"),
        ratio("seed-bits", 256.0, "bits in a ChaCha20 seed"),
        ratio("seeds-per-ordering", chacha.to_f64() / orderings.to_f64(), "2^256 / 52!: seeds behind each ordering"),
        ratio("states-per-ordered-deal", xorshift.to_f64() / n_ordered_deals, "2^128 / ordered deals"),
        ratio("sort-keys-collision", key_collision_chance(52), "chance two of 52 random 32-bit keys collide"),
        ratio("sort-keys-collision-approx", 52.0 * 51.0 / 2.0 / 4_294_967_296.0, "52·51/2 / 2^32"),
    ];
    Numbers { figures }
}
