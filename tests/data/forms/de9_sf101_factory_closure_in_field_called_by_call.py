import jax
from jax.sharding import PartitionSpec as P

OUT = P("i", None, reduced={"j"})


def gather_total(axis):
    def run(x):
        t = jax.lax.psum(x, axis)
        return jax.lax.all_gather(t, axis, axis=1, tiled=True, to="reduced")  # SF101
    return run


class Head:
    def __init__(self, axis):
        self.fn = gather_total(axis)

    def __call__(self, x):
        return self.fn(x)


def main(mesh, x):
    return jax.shard_map(Head("j"), mesh=mesh, in_specs=P("i", "j"), out_specs=OUT)(x)
