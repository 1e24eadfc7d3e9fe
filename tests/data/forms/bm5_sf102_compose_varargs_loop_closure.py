"""SF102: `compose(*stages)` returns a nested def that runs the stages in a for loop."""
import jax
from jax.sharding import PartitionSpec as P


def compose(*stages):
    def run(x):
        for stage in stages:
            x = stage(x)
        return x
    return run


def gather_j(v):
    return jax.lax.all_gather(v, "j", axis=0, tiled=True, to="reduced")


def gather_both(v):
    return jax.lax.all_gather(v, ("i", "j"), axis=0, tiled=True, to="reduced")  # SF102


body = compose(gather_j, gather_both)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
