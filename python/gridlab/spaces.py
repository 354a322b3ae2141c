"""Spaces with Gymnasium's semantics: Discrete, Box, Dict and MultiDiscrete.

gridlab's environments use Gymnasium's own classes when Gymnasium is installed (so that its
check_env and every library built on it accept them), and these otherwise. Only what the
environments need is here: ``n``, ``shape``, ``dtype``, ``contains()`` (and ``in``), ``sample()``
(with a mask for the discrete spaces) and ``seed()``.
"""

from __future__ import annotations

import numpy as np


class Space:
    """What every space has: a shape, a dtype and its own random generator."""

    def __init__(self, shape, dtype, seed=None):
        self.shape = tuple(shape) if shape is not None else None
        self.dtype = np.dtype(dtype) if dtype is not None else None
        self._np_random = None
        if seed is not None:
            self.seed(seed)

    @property
    def np_random(self) -> np.random.Generator:
        if self._np_random is None:
            self.seed()
        return self._np_random

    def seed(self, seed=None):
        """Seeds the space's sampler; returns the seeds used, as Gymnasium does."""
        sequence = np.random.SeedSequence(seed)
        self._np_random = np.random.Generator(np.random.PCG64(sequence))
        return [sequence.entropy if seed is None else seed]

    def __contains__(self, x) -> bool:
        return self.contains(x)


def _mask_of(mask, n):
    mask = np.asarray(mask)
    if mask.shape != (n,) or not (mask.dtype == np.bool_ or np.issubdtype(mask.dtype, np.integer)):
        raise ValueError(f"a mask must be {n} bools or 0/1 integers, got shape {mask.shape} and dtype {mask.dtype}")
    if np.issubdtype(mask.dtype, np.integer) and not np.all((mask == 0) | (mask == 1)):
        raise ValueError("a mask's integers must be 0 or 1")
    return mask.astype(bool)


class Discrete(Space):
    """The integers start .. start + n - 1 (actions)."""

    def __init__(self, n, seed=None, start=0):
        if int(n) < 1:
            raise ValueError(f"n must be positive, got {n}")
        self.n = np.int64(n)
        self.start = np.int64(start)
        super().__init__((), np.int64, seed)

    def sample(self, mask=None, probability=None):
        """A uniform choice; with a mask (bools or 0/1 of shape (n,)), among the allowed ones (start
        if none is); with a probability vector, by it."""
        if mask is not None and probability is not None:
            raise ValueError("give a mask or a probability, not both")
        if mask is not None:
            allowed = np.flatnonzero(_mask_of(mask, int(self.n)))
            if allowed.size == 0:
                return self.start
            return self.start + np.int64(self.np_random.choice(allowed))
        if probability is not None:
            probability = np.asarray(probability, dtype=np.float64)
            if probability.shape != (int(self.n),) or np.any(probability < 0) or not np.isclose(probability.sum(), 1):
                raise ValueError(f"a probability must be {int(self.n)} non-negative numbers summing to 1")
            return self.start + np.int64(self.np_random.choice(int(self.n), p=probability))
        return self.start + np.int64(self.np_random.integers(self.n))

    def contains(self, x) -> bool:
        if isinstance(x, (bool, np.bool_)):
            return False
        if isinstance(x, (int, np.integer)):
            value = int(x)
        elif isinstance(x, np.ndarray) and x.shape == () and np.issubdtype(x.dtype, np.integer):
            value = int(x)
        else:
            return False
        return int(self.start) <= value < int(self.start + self.n)

    def __repr__(self):
        return f"Discrete({int(self.n)})" if self.start == 0 else f"Discrete({int(self.n)}, start={int(self.start)})"

    def __eq__(self, other):
        return isinstance(other, Discrete) and self.n == other.n and self.start == other.start


class MultiDiscrete(Space):
    """One integer 0 .. nvec[i] - 1 per position i (a vector of environments' actions)."""

    def __init__(self, nvec, dtype=np.int64, seed=None):
        self.nvec = np.asarray(nvec, dtype=dtype)
        if self.nvec.ndim != 1 or np.any(self.nvec < 1):
            raise ValueError("nvec must be a list of positive integers")
        super().__init__(self.nvec.shape, dtype, seed)

    def sample(self, mask=None):
        """Uniform choices; with a mask (a sequence of one mask per position), among the allowed ones."""
        if mask is None:
            return self.np_random.integers(self.nvec).astype(self.dtype)
        if len(mask) != len(self.nvec):
            raise ValueError(f"a mask needs one entry per position ({len(self.nvec)})")
        choices = []
        for n, row in zip(self.nvec, mask):
            allowed = np.flatnonzero(_mask_of(row, int(n)))
            choices.append(self.np_random.choice(allowed) if allowed.size else 0)
        return np.asarray(choices, dtype=self.dtype)

    def contains(self, x) -> bool:
        if not isinstance(x, np.ndarray):
            try:
                x = np.asarray(x)
            except (TypeError, ValueError):
                return False
        return bool(x.shape == self.shape and np.issubdtype(x.dtype, np.integer) and np.all((x >= 0) & (x < self.nvec)))

    def __repr__(self):
        return f"MultiDiscrete({self.nvec.tolist()})"

    def __eq__(self, other):
        return isinstance(other, MultiDiscrete) and np.array_equal(self.nvec, other.nvec)


class Box(Space):
    """Arrays of a shape whose values lie between low and high (observations)."""

    def __init__(self, low, high, shape=None, dtype=np.float32, seed=None):
        dtype = np.dtype(dtype)
        if shape is None:
            shape = np.broadcast(np.asarray(low), np.asarray(high)).shape
        self.low = np.broadcast_to(np.asarray(low, dtype=dtype), shape).copy()
        self.high = np.broadcast_to(np.asarray(high, dtype=dtype), shape).copy()
        if np.any(self.low > self.high):
            raise ValueError("low must not be above high")
        super().__init__(shape, dtype, seed)

    def sample(self):
        if np.issubdtype(self.dtype, np.integer):
            return self.np_random.integers(self.low, self.high.astype(np.int64) + 1, size=self.shape).astype(self.dtype)
        return self.np_random.uniform(self.low, self.high, size=self.shape).astype(self.dtype)

    def contains(self, x) -> bool:
        if not isinstance(x, np.ndarray):
            try:
                x = np.asarray(x, dtype=self.dtype)
            except (TypeError, ValueError):
                return False
        return bool(
            np.can_cast(x.dtype, self.dtype) and x.shape == self.shape and np.all(x >= self.low) and np.all(x <= self.high)
        )

    def __repr__(self):
        return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"

    def __eq__(self, other):
        return (
            isinstance(other, Box)
            and self.shape == other.shape
            and self.dtype == other.dtype
            and np.array_equal(self.low, other.low)
            and np.array_equal(self.high, other.high)
        )


class Dict(Space):
    """A dict of spaces (Puyo's observation: the field and the pairs)."""

    def __init__(self, spaces, seed=None):
        self.spaces = dict(spaces)
        super().__init__(None, None, None)
        if seed is not None:
            self.seed(seed)

    def seed(self, seed=None):
        seeds = super().seed(seed)
        for i, space in enumerate(self.spaces.values()):
            space.seed(int(self.np_random.integers(2**32)) + i)
        return seeds

    def sample(self):
        return {key: space.sample() for key, space in self.spaces.items()}

    def contains(self, x) -> bool:
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(self.spaces[k].contains(x[k]) for k in x)

    def __getitem__(self, key):
        return self.spaces[key]

    def keys(self):
        return self.spaces.keys()

    def __repr__(self):
        return "Dict(" + ", ".join(f"{key!r}: {space}" for key, space in self.spaces.items()) + ")"

    def __eq__(self, other):
        return isinstance(other, Dict) and self.spaces == other.spaces
