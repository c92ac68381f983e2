//! The class lists of each vocabulary, built once per process: the natural family's
//! (`natural.rs`), the kicker vocabulary's (the natural list with `natural.rs`'s kicker classes
//! after it), Deuces Wild's (`deuces.rs`) and Joker Poker's (`joker.rs`); and every class
//! described once ([`classes`]).

use std::sync::OnceLock;

use super::classes::{ClassDef, ClassInfo, Vocabulary};
use super::{deuces, joker, natural};

/// The vocabulary's classes, built once per process. A class's index here is its number inside
/// the vocabulary (what the chart tables store); its id is what leaves the core.
pub(crate) fn family_classes(vocabulary: Vocabulary) -> &'static [ClassDef] {
    static NATURAL: OnceLock<Vec<ClassDef>> = OnceLock::new();
    static KICKER: OnceLock<Vec<ClassDef>> = OnceLock::new();
    static DEUCES: OnceLock<Vec<ClassDef>> = OnceLock::new();
    static JOKER: OnceLock<Vec<ClassDef>> = OnceLock::new();
    match vocabulary {
        Vocabulary::Natural => NATURAL.get_or_init(natural::classes),
        Vocabulary::Kicker => KICKER.get_or_init(|| {
            let mut list = family_classes(Vocabulary::Natural).to_vec();
            list.extend(natural::kicker_classes());
            list
        }),
        Vocabulary::Deuces => DEUCES.get_or_init(deuces::classes),
        Vocabulary::Joker => JOKER.get_or_init(joker::classes),
    }
}

/// Every class once: the natural ones, the kicker ones (family "kicker"), the Deuces Wild ones,
/// the Joker Poker ones; with id, kind, parameters, English label and in-line rule.
pub fn classes() -> Vec<ClassInfo> {
    let natural = family_classes(Vocabulary::Natural);
    let kicker = &family_classes(Vocabulary::Kicker)[natural.len()..];
    let infos = |defs: &'static [ClassDef], vocabulary: Vocabulary| defs.iter().map(move |class| class.info(vocabulary));
    infos(natural, Vocabulary::Natural)
        .chain(infos(kicker, Vocabulary::Kicker))
        .chain(infos(family_classes(Vocabulary::Deuces), Vocabulary::Deuces))
        .chain(infos(family_classes(Vocabulary::Joker), Vocabulary::Joker))
        .collect()
}
