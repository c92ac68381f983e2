//! The class lists of each vocabulary, built once per process (each family's list is its own
//! module's: [`Vocabulary::build`] asks it), and every class described once ([`classes`]).

use std::sync::OnceLock;

use super::classes::{ClassDef, ClassInfo, Vocabulary};

/// The vocabulary's classes, built once per process. A class's index here is its number inside
/// the vocabulary (what the chart tables store); its id is what leaves the core.
pub(crate) fn family_classes(vocabulary: Vocabulary) -> &'static [ClassDef] {
    static LISTS: [OnceLock<Vec<ClassDef>>; Vocabulary::ALL.len()] = [const { OnceLock::new() }; Vocabulary::ALL.len()];
    LISTS[vocabulary.index()].get_or_init(|| vocabulary.build())
}

/// Every class once, vocabulary by vocabulary ([`Vocabulary::ALL`]): the kicker vocabulary adds
/// only its own classes after the natural ones (family "kicker"), the bonus-deuces one its own
/// after the Deuces Wild ones (family "bonus-deuces"); with id, kind, parameters,
/// English label and in-line rule.
pub fn classes() -> Vec<ClassInfo> {
    let natural = family_classes(Vocabulary::Natural).len();
    let deuces = family_classes(Vocabulary::Deuces).len();
    Vocabulary::ALL
        .into_iter()
        .flat_map(|vocabulary| {
            let own = match vocabulary {
                Vocabulary::Kicker => natural,
                Vocabulary::BonusDeuces => deuces,
                _ => 0,
            };
            family_classes(vocabulary)[own..].iter().map(move |class| class.info(vocabulary))
        })
        .collect()
}
