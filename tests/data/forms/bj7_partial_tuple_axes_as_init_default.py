import functools

import jax
from jax.sharding import PartitionSpec as P

ROWS, COLS = "i", "j"
gather_cols = functools.partial(jax.lax.all_gather, axis_name=COLS, axis=1, tiled=True, to="reduced")
gather_all = functools.partial(jax.lax.all_gather, axis_name=(ROWS, COLS), axis=0, tiled=True, to="reduced")
gather_rows = functools.partial(jax.lax.all_gather, axis_name=(ROWS,), axis=0, tiled=True, to="reduced")


class Report:
    def __init__(self, first=gather_cols, second=gather_all):
        self.first = first
        self.second = second

    def __call__(self, x):
        return self.second(self.first(x))  # SF102


class Safe:
    def __init__(self, first=gather_cols, second=gather_rows):
        self.first = first
        self.second = second

    def __call__(self, x):
        return self.second(self.first(x))  # none


def main(x):
    mesh = jax.make_mesh((2, 4), (ROWS, COLS))
    out = P(None, None, reduced={ROWS, COLS})
    bad = jax.shard_map(Report(), mesh=mesh, in_specs=P(ROWS, COLS), out_specs=out)(x)
    good = jax.shard_map(Safe(), mesh=mesh, in_specs=P(ROWS, COLS), out_specs=out)(x)
    return bad, good
