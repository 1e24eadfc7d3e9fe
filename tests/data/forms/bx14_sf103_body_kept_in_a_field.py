import jax
from jax.sharding import PartitionSpec as P


def gather_then_sum(x):
    g = jax.lax.all_gather(x, "j", to="reduced", tiled=True)
    return jax.lax.psum(g, "j")  # SF103


class Runner:
    def __init__(self, fn, out_spec=P("i")):
        self.fn = fn
        self.out_spec = out_spec

    def __call__(self, mesh, x):
        return jax.shard_map(self.fn, mesh=mesh, in_specs=P("i", "j"), out_specs=self.out_spec)(x)


def main(mesh, x):
    return Runner(fn=gather_then_sum)(mesh, x)
