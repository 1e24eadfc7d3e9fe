"""Export of each embedding table to the serving host: a TableLayout NamedTuple with _replace."""
from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import enum
import functools
import itertools
import tomllib
from dataclasses import KW_ONLY, dataclass, field
from functools import cached_property, partial, singledispatch
from typing import Any, NamedTuple, Protocol, runtime_checkable

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- meshkit: the lab's small layout helpers (shared by every experiment script) -----------------


class Layout(NamedTuple):
    """Which mesh axis plays which role; `_replace` it to try another assignment."""

    batch: str
    model: str

    @property
    def axes(self) -> tuple[str, ...]:
        return tuple(self)


ACTIVE_LAYOUT: contextvars.ContextVar[Layout] = contextvars.ContextVar("active_layout")


@contextlib.contextmanager
def active(layout: Layout):
    token = ACTIVE_LAYOUT.set(layout)
    try:
        yield layout
    finally:
        ACTIVE_LAYOUT.reset(token)


class GatherTo(enum.StrEnum):
    VARYING = "varying"
    REDUCED = "reduced"
    INVARYING = "invarying"


def as_axes(value: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Config converter: "a,b" / ["a", "b"] / ("a",) -> a tuple of axis names."""
    match value:
        case str() if "," in value:
            return tuple(part.strip() for part in value.split(","))
        case str():
            return (value,)
        case [*names]:
            return tuple(names)
    raise TypeError(f"cannot read axes from {value!r}")


def build_mesh(cfg: dict[str, Any]) -> jax.sharding.Mesh:
    match cfg:
        case {"shape": [int(a), int(b)], "axes": [str(x), str(y)]}:
            return jax.make_mesh((a, b), (x, y))
        case {"shape": shape, "axes": names}:
            return jax.make_mesh(tuple(shape), tuple(names))
    raise ValueError(f"bad mesh config {cfg!r}")


def place(mesh, array, spec: P):
    return jax.device_put(array, NamedSharding(mesh, spec))


# --- recommendation: row-sharded multi-table embeddings, dense user tower over the model axis ---

CONFIG = tomllib.loads("""
[mesh]
shape = [4, 2]
axes = ["batch", "shard"]

[tables]
sizes = [12, 12, 8]
dim = 8

[tower]
d_user = 8
hidden = 8

[features]
enabled = ["ctr", "dump_tower"]

[negatives]
sampler = "ring"
""")

LAYOUT = Layout(*CONFIG["mesh"]["axes"])
OFFSETS = (0, *itertools.accumulate(CONFIG["tables"]["sizes"]))
N_ROWS = OFFSETS[-1]
DIM = CONFIG["tables"]["dim"]


class Feature(enum.Flag):
    NONE = 0
    CTR = enum.auto()
    DUMP_TOWER = enum.auto()
    CALIBRATE = enum.auto()


FEATURES = functools.reduce(enum.Flag.__or__, (Feature[f.upper()] for f in CONFIG["features"]["enabled"]), Feature.NONE)

SPECS = {
    "ids": P(LAYOUT.batch),
    "user": P(LAYOUT.batch, None),
    "table": P(LAYOUT.model, None),
    "tower": P(None, LAYOUT.model),
}


def inputs():
    rng = np.random.default_rng(21)
    batch = 16
    table_of = rng.integers(0, len(CONFIG["tables"]["sizes"]), batch)
    ids = np.array([OFFSETS[t] + rng.integers(0, n) for t, n in
                    ((t, CONFIG["tables"]["sizes"][t]) for t in table_of)], np.int32)
    user = rng.standard_normal((batch, CONFIG["tower"]["d_user"])).astype(np.float32)
    table = (rng.standard_normal((N_ROWS, DIM)) / 2).astype(np.float32)
    tower = (rng.standard_normal((CONFIG["tower"]["d_user"], CONFIG["tower"]["hidden"])) / 3).astype(np.float32)
    return ids, user, table, tower


def lookup(ids, table, axis: str = LAYOUT.model):
    """Row-sharded lookup: each shard contributes the rows it owns, summed over the shards."""
    rows = table.shape[0]
    start = jax.lax.axis_index(axis) * rows
    local = ids - start
    hit = (local >= 0) & (local < rows)
    part = jnp.where(hit[:, None], table[jnp.clip(local, 0, rows - 1)], 0.0)
    return jax.lax.psum(part, axis)


def user_tower(user, tower):
    return jax.nn.relu(user @ tower)


def score(ids, user, table, tower):
    item = lookup(ids, table)
    return jnp.sum(item * user, axis=-1)


def placed(mesh, *arrays):
    return tuple(place(mesh, a, SPECS[k]) for k, a in zip(("ids", "user", "table", "tower"), arrays))


IN_SPECS = tuple(SPECS[k] for k in ("ids", "user", "table", "tower"))


from jax._src.shard_map import top_level_all_gather


class TableLayout(NamedTuple):
    rows: str | None
    cols: str | None = None

    def spec(self, reduced=()) -> P:
        return P(self.rows, self.cols, reduced=set(reduced))

    def axes(self) -> tuple[str, ...]:
        return tuple(a for a in self if a)


TRAIN = TableLayout(rows=LAYOUT.model)
HOST = TRAIN._replace(rows=None)


def export_tables(table):
    full = top_level_all_gather(table, HOST.spec())
    host = np.asarray(full)
    return {f"table_{i}": host[a:b] for i, (a, b) in enumerate(itertools.pairwise(OFFSETS))}


def main(ids, user, table, tower):
    mesh = build_mesh(CONFIG["mesh"])
    with jax.set_mesh(mesh):
        table = place(mesh, table, TRAIN.spec())
        tables = export_tables(table)
    print({k: v.shape for k, v in tables.items()})
    return tables


if __name__ == "__main__":
    main(*inputs())
