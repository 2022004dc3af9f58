//! One request's allowance of work (issue 30, finding 2): the steps of
//! exact dice arithmetic, the values its answer may hold, and a deadline,
//! all counted across the whole request rather than per step, so no
//! answer costs more than its bound whatever the spells are.
//!
//! The planner draws every convolution, mixture and line from one
//! [`WorkBudget`]; when it runs out, the work stops where it is and the
//! answer says so. A front end that stops waiting (a request that timed
//! out, a client gone) [`cancel`](Canceller::cancel)s it, and the work
//! stops within about a millisecond instead of going on unseen.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grimoire_dice::{Budget, DistributionError};

use crate::limits::{MAX_PLAN_OPS, MAX_PLAN_POINTS, MAX_PLAN_TIME};

/// Why work was cut short: a stable code an answer carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Exhausted {
    /// The steps of dice arithmetic ([`MAX_PLAN_OPS`]) were spent.
    WorkBudget,
    /// The answer holds as many values as it may ([`MAX_PLAN_POINTS`]).
    AnswerSize,
    /// The time ([`MAX_PLAN_TIME`]) ran out, or nobody waits any more.
    Deadline,
    /// One part alone is larger than is computed exactly (a distribution
    /// over [`grimoire_dice::MAX_SUPPORT`] values, or past the dice
    /// notation's bounds); the rest went on.
    TooLarge,
}

impl Exhausted {
    /// The stable code (`work_budget`, `answer_size`, `deadline`,
    /// `too_large`).
    pub fn code(self) -> &'static str {
        match self {
            Exhausted::WorkBudget => "work_budget",
            Exhausted::AnswerSize => "answer_size",
            Exhausted::Deadline => "deadline",
            Exhausted::TooLarge => "too_large",
        }
    }

    /// Whether it ends all the work (a spent budget, the time), not only
    /// the part that met it.
    pub fn ends_all(self) -> bool {
        matches!(self, Exhausted::WorkBudget | Exhausted::Deadline)
    }
}

impl From<&DistributionError> for Exhausted {
    fn from(e: &DistributionError) -> Self {
        match e {
            DistributionError::TooCostly { .. } => Exhausted::WorkBudget,
            DistributionError::Stopped => Exhausted::Deadline,
            _ => Exhausted::TooLarge,
        }
    }
}

/// Stops the work of a [`WorkBudget`] from another thread; cheap to
/// clone.
#[derive(Debug, Clone, Default)]
pub struct Canceller(Arc<AtomicBool>);

impl Canceller {
    /// Tells the work to stop at its next check.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// A guard that cancels when dropped: held by whoever waits for the
    /// answer, so the work ends when the waiting does, however it ends.
    pub fn on_drop(&self) -> CancelOnDrop {
        CancelOnDrop(self.clone())
    }

    fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Cancels its [`Canceller`] when dropped.
#[derive(Debug)]
pub struct CancelOnDrop(Canceller);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// The allowance of one request: dice steps, answer values and a
/// deadline, with a [`Canceller`].
#[derive(Debug)]
pub struct WorkBudget {
    dice: Budget,
    points: usize,
    deadline: Instant,
    cancel: Canceller,
}

impl WorkBudget {
    /// `ops` steps of dice arithmetic, `points` values in the answer,
    /// and `time` from now.
    pub fn new(ops: u64, points: usize, time: Duration) -> WorkBudget {
        let deadline = Instant::now() + time;
        let cancel = Canceller::default();
        let seen = cancel.clone();
        WorkBudget {
            dice: Budget::new(ops)
                .with_stop(move || seen.is_cancelled() || Instant::now() >= deadline),
            points,
            deadline,
            cancel,
        }
    }

    /// The allowance of one plan: [`MAX_PLAN_OPS`], [`MAX_PLAN_POINTS`]
    /// and [`MAX_PLAN_TIME`].
    pub fn for_plan() -> WorkBudget {
        WorkBudget::new(MAX_PLAN_OPS, MAX_PLAN_POINTS, MAX_PLAN_TIME)
    }

    /// Stops this work from elsewhere (see [`Canceller::on_drop`]).
    pub fn canceller(&self) -> Canceller {
        self.cancel.clone()
    }

    /// The dice steps, to hand to [`grimoire_dice`]'s `*_within` calls.
    pub fn dice(&mut self) -> &mut Budget {
        &mut self.dice
    }

    /// Charges `ops` steps of work done outside the dice crate (a pass
    /// over a distribution).
    ///
    /// # Errors
    /// [`Exhausted::WorkBudget`] or [`Exhausted::Deadline`].
    pub fn spend(&mut self, ops: u64) -> Result<(), Exhausted> {
        self.dice.spend(ops).map_err(|e| Exhausted::from(&e))
    }

    /// Takes `n` values of the answer's allowance, or none when they do
    /// not fit.
    ///
    /// # Errors
    /// [`Exhausted::AnswerSize`].
    pub fn take_points(&mut self, n: usize) -> Result<(), Exhausted> {
        self.points = self.points.checked_sub(n).ok_or(Exhausted::AnswerSize)?;
        Ok(())
    }

    /// Whether the time is up or the work was cancelled.
    pub fn stopped(&self) -> bool {
        self.cancel.is_cancelled() || Instant::now() >= self.deadline
    }

    /// Dice steps spent so far.
    pub fn spent(&self) -> u64 {
        self.dice.spent()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_budget_is_shared_by_every_step() {
        let mut b = WorkBudget::new(100, 10, Duration::from_secs(60));
        assert_eq!(b.spend(60), Ok(()));
        assert_eq!(b.spend(60), Err(Exhausted::WorkBudget));
        assert_eq!(b.spend(40), Ok(()));
        assert_eq!(b.spent(), 100);
        assert_eq!(b.take_points(8), Ok(()));
        assert_eq!(b.take_points(3), Err(Exhausted::AnswerSize));
    }

    #[test]
    fn a_cancel_or_the_deadline_stops_the_dice() {
        let mut b = WorkBudget::new(u64::MAX, 10, Duration::from_secs(60));
        let guard = b.canceller().on_drop();
        assert_eq!(b.spend(1), Ok(()));
        drop(guard);
        assert!(b.stopped());
        assert_eq!(b.spend(1), Err(Exhausted::Deadline));
        let mut late = WorkBudget::new(u64::MAX, 10, Duration::ZERO);
        let d = grimoire_dice::parse("1d6").unwrap().distribution().unwrap();
        let err = d.convolve_within(&d, late.dice()).unwrap_err();
        assert_eq!(Exhausted::from(&err), Exhausted::Deadline);
    }
}
