//! Dealing as at a real table, for every edition: the draw for dealer, seven cards each, and
//! every start-card rule of RULES.md's table, checked over many seeds.

use std::collections::BTreeSet;
use uno_engine::{
    dealer_value, draw_for_dealer, Action, Card, Color, DealerRule, Direction, Edition, Event,
    Face, Game, Phase, Rng, RuleError, Rules, Seat, Setup,
};

fn next(seat: Seat, steps: isize, players: usize) -> Seat {
    (seat as isize + steps).rem_euclid(players as isize) as Seat
}

/// What kind of start card a dealt game shows, checked against its edition's rule.
fn check_start(edition: Edition, players: usize, seed: u64) -> &'static str {
    let game = Game::deal(Rules::new(edition), players, seed).unwrap();
    let dealer = game.dealer();
    let left = next(dealer, 1, players);
    let top = game.top_card();
    let pile = game.discard_pile();
    let sizes: Vec<usize> = game.hands().iter().map(|h| h.len()).collect();
    let total: usize = sizes.iter().sum::<usize>() + game.draw_pile_size() + pile.len();
    assert_eq!(total, Rules::new(edition).deck().len());
    assert_eq!(game.phase(), Phase::Play);
    let sevens = |except: Option<Seat>| {
        for (s, &n) in (0..).zip(&sizes) {
            assert_eq!(
                n,
                if Some(s) == except { 9 } else { 7 },
                "seat {s} in {edition} seed {seed}"
            );
        }
    };
    if edition == Edition::SpiderMan {
        // Action start cards are ignored and stay under the number card that stands.
        assert!(matches!(top.face(), Face::Number(_)), "{top}");
        assert!(pile[..pile.len() - 1]
            .iter()
            .all(|c| !matches!(c.face(), Face::Number(_))));
        assert_eq!((game.turn(), game.direction().step()), (left, 1));
        sevens(None);
        return if pile.len() > 1 { "ignored" } else { "number" };
    }
    assert_eq!(pile.len(), 1, "returned cards go back into the draw pile");
    assert_ne!(top, Card::WILD_DRAW_FOUR, "a Wild Draw Four is returned");
    match top.face() {
        Face::Number(_) => {
            let c = top.color().unwrap();
            assert_eq!(
                (game.turn(), game.direction().step(), game.color()),
                (left, 1, Some(c))
            );
            sevens(None);
            "number"
        }
        Face::Skip => {
            assert_eq!(
                (game.turn(), game.direction().step()),
                (next(dealer, 2, players), 1)
            );
            sevens(None);
            "skip"
        }
        Face::DrawTwo => {
            assert_eq!(
                (game.turn(), game.direction().step()),
                (next(dealer, 2, players), 1)
            );
            sevens(Some(left));
            "draw-two"
        }
        Face::Reverse => {
            assert_eq!(game.direction().step(), -1);
            let first = if edition == Edition::ClassicBlank {
                next(dealer, -1, players) // the dealer's right
            } else {
                dealer
            };
            assert_eq!(game.turn(), first, "{edition}");
            sevens(None);
            "reverse"
        }
        _ => {
            let wild = top;
            assert_ne!(
                edition,
                Edition::ClassicBlank,
                "the Blank edition returns Wilds"
            );
            assert!(matches!(
                wild,
                Card::WILD | Card::WILD_GRAYSKULL | Card::WILD_CUSTOM
            ));
            // The player left of the dealer names the color by playing any card.
            assert_eq!(
                (game.turn(), game.direction().step(), game.color()),
                (left, 1, None)
            );
            sevens(None);
            "wild"
        }
    }
}

#[test]
fn start_cards_follow_each_edition() {
    for edition in Edition::ALL {
        let mut seen = BTreeSet::new();
        for seed in 0..600 {
            seen.insert(check_start(edition, 2 + (seed % 9) as usize, seed));
        }
        let want: &[&str] = match edition {
            Edition::SpiderMan => &["ignored", "number"],
            Edition::ClassicBlank => &["draw-two", "number", "reverse", "skip"],
            _ => &["draw-two", "number", "reverse", "skip", "wild"],
        };
        assert_eq!(seen, want.iter().copied().collect(), "{edition}");
    }
}

#[test]
fn draw_for_dealer_picks_the_highest_and_redraws_ties() {
    let mut ties = 0;
    for edition in [
        Edition::Classic,
        Edition::ClassicBlank,
        Edition::Masters,
        Edition::ColorAdd,
    ] {
        let how = edition.rules().dealer;
        for seed in 0..300 {
            let players = 2 + (seed % 9) as usize;
            let draw = draw_for_dealer(&Rules::new(edition), players, &mut Rng::new(seed));
            assert_eq!(draw.rounds[0].len(), players, "everyone draws first");
            for (i, round) in draw.rounds.iter().enumerate() {
                let best = round
                    .iter()
                    .map(|&(_, c)| dealer_value(how, c))
                    .max()
                    .unwrap();
                let top: Vec<Seat> = round
                    .iter()
                    .filter(|&&(_, c)| dealer_value(how, c) == best)
                    .map(|&(s, _)| s)
                    .collect();
                if i + 1 < draw.rounds.len() {
                    assert!(top.len() > 1, "only a tie draws again");
                    let again: Vec<Seat> = draw.rounds[i + 1].iter().map(|&(s, _)| s).collect();
                    assert_eq!(again, top, "the tied seats draw again");
                    ties += 1;
                } else {
                    assert_eq!(top, vec![draw.dealer]);
                }
            }
        }
    }
    assert!(ties > 50, "ties happen and are redrawn ({ties})");
    // Symbols count 0 in Classic, but score 20 in the Blank edition.
    assert_eq!(
        dealer_value(DealerRule::HighestNumber, Card::skip(Color::Red)),
        0
    );
    assert_eq!(
        dealer_value(DealerRule::HighestPoints, Card::skip(Color::Red)),
        20
    );
    assert_eq!(
        dealer_value(DealerRule::HighestPoints, Card::WILD_CUSTOM),
        50
    );
}

#[test]
fn spider_man_dealer_is_random() {
    let dealers: BTreeSet<Seat> = (0..200)
        .map(|seed| {
            Game::deal(Rules::new(Edition::SpiderMan), 4, seed)
                .unwrap()
                .dealer()
        })
        .collect();
    assert_eq!(dealers, (0..4).collect());
}

#[test]
fn the_deal_passes_left_each_round() {
    let mut game = Game::deal(Rules::new(Edition::Classic), 4, 11).unwrap();
    let first_dealer = game.dealer();
    let mut rng = Rng::new(3);
    for round in 1..=3 {
        while game.outcome().is_none() {
            let legal = game.legal_actions();
            game.apply(legal[rng.below(legal.len())]).unwrap();
        }
        let before: u32 = game.scores().iter().sum();
        game.start_next_round().unwrap();
        assert_eq!(game.dealer(), (first_dealer + round) % 4);
        assert_eq!(
            game.scores().iter().sum::<u32>(),
            before,
            "scores carry over"
        );
        assert!(game
            .history()
            .iter()
            .all(|e| !matches!(e, Event::RoundEnded { .. })));
    }
}

/// A next round only once a round is over, and never after the game was won: each refusal
/// says which.
#[test]
fn a_next_round_is_dealt_only_between_rounds_of_a_game_not_yet_won() {
    let cards =
        |codes: &[&str]| -> Vec<Card> { codes.iter().map(|c| c.parse().unwrap()).collect() };
    // Seat 0 goes out with R7 and scores the 3 points left in seat 1's hand.
    let table = |score: u32| {
        let setup = Setup {
            hands: vec![cards(&["R7"]), cards(&["G1", "G2"])],
            draw_pile: cards(&["B6", "B7"]),
            discard_pile: cards(&["R3"]),
            color: Some(Color::Red),
            turn: 0,
            direction: Direction::Left,
            dealer: 1,
            scores: vec![score, 0],
        };
        Game::from_setup(Rules::new(Edition::Classic), setup, 5).unwrap()
    };
    let red_seven = Action::Play {
        seat: 0,
        card: "R7".parse().unwrap(),
        color: None,
    };
    let mut game = table(0);
    assert_eq!(game.start_next_round(), Err(RuleError::NotAllowedNow));
    game.apply(red_seven).unwrap();
    assert_eq!(game.scores(), [3, 0]);
    assert_eq!(game.start_next_round(), Ok(()));
    assert_eq!(game.dealer(), 0, "the deal passes left");

    // 497 + 3 reaches 500: the game is won, and no round follows.
    let mut won = table(497);
    won.apply(red_seven).unwrap();
    assert_eq!(won.outcome().and_then(|o| o.game_winner), Some(0));
    assert_eq!(won.start_next_round(), Err(RuleError::GameOver));
}

#[test]
fn same_seed_deals_the_same_table() {
    for edition in Edition::ALL {
        let a = Game::deal(Rules::new(edition), 6, 77).unwrap();
        let b = Game::deal(Rules::new(edition), 6, 77).unwrap();
        assert_eq!(a, b);
        assert_ne!(
            a.hands(),
            Game::deal(Rules::new(edition), 6, 78).unwrap().hands()
        );
    }
}

/// The draw for dealer takes cards from one deck: a card is drawn again only once every card
/// was (which ten players and their ties never come near), so no card comes up more often
/// than the deck holds it.
#[test]
fn the_draw_for_dealer_draws_each_card_of_the_deck_once() {
    for edition in [Edition::Classic, Edition::ClassicBlank, Edition::Masters] {
        let deck = Rules::new(edition).deck();
        for seed in 0..2000 {
            let draw = draw_for_dealer(&Rules::new(edition), 10, &mut Rng::new(seed));
            let drawn: Vec<Card> = draw.rounds.iter().flatten().map(|&(_, c)| c).collect();
            assert!(drawn.len() < deck.len());
            for card in &drawn {
                let times = drawn.iter().filter(|&c| c == card).count();
                let copies = deck.iter().filter(|&c| c == card).count();
                assert!(
                    times <= copies,
                    "{edition:?} seed {seed}: {card:?} drawn {times} times, the deck holds {copies}"
                );
            }
        }
    }
}

#[test]
fn the_dealer_is_the_one_the_draw_for_dealer_shows() {
    for edition in Edition::ALL {
        for seed in 0..50 {
            let players = 2 + (seed % 9) as usize;
            let draw = draw_for_dealer(&Rules::new(edition), players, &mut Rng::new(seed));
            let game = Game::deal(Rules::new(edition), players, seed).unwrap();
            assert_eq!(game.dealer(), draw.dealer, "{edition:?} seed {seed}");
        }
    }
}

#[test]
fn a_redeal_in_place_is_a_fresh_deal() {
    let mut rng = Rng::new(5);
    for edition in Edition::ALL {
        let rules = Rules::new(edition);
        let mut game = Game::deal(rules, 5, 1).unwrap();
        for seed in 2..40 {
            // Leave the old game mid-round or over, with scores, history and reveals.
            for _ in 0..rng.below(200) {
                if game.outcome().is_some() && game.start_next_round().is_err() {
                    break;
                }
                let legal = game.legal_actions();
                if !legal.is_empty() {
                    game.apply(legal[rng.below(legal.len())]).unwrap();
                }
            }
            game.redeal(seed);
            assert_eq!(
                game,
                Game::deal(rules, 5, seed).unwrap(),
                "{edition:?} {seed}"
            );
        }
    }
}
