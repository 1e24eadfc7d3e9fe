import jax
from jax.sharding import PartitionSpec as P


class Reducer:
    def __init__(self, axis):
        self.axis = axis

    @classmethod
    def from_config(cls, config):
        return cls(config["axis"])

    def __call__(self, x):
        total = jax.lax.psum(x, self.axis)
        return jax.lax.all_gather(total, self.axis, axis=1, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    reducer = Reducer.from_config({"axis": "j"})
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
