import jax
from jax.sharding import PartitionSpec as P

METRICS = {}


class Total:
    def __init__(self, axis="j"):
        self.axis = axis

    def __call__(self, x):
        total = jax.lax.psum(x.sum(axis=1, keepdims=True), self.axis)
        return jax.lax.all_gather(total, self.axis, axis=1, tiled=True, to="reduced")  # SF101


METRICS["total"] = Total()


def main(mesh, x):
    return jax.shard_map(METRICS["total"], mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P("i", None, reduced={"j"}))(x)
