import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class PrototypeUsage:
    def __init__(self, data_axis, proto_axis):
        self.data_axis = data_axis
        self.proto_axis = proto_axis

    def __call__(self, codes):
        full = jax.lax.all_gather(codes, self.proto_axis, axis=1, tiled=True, to="reduced")
        usage = jnp.sum(full, axis=0, keepdims=True)
        return jax.lax.pmean(usage, self.data_axis)  # SF106


def main(mesh, x):
    usage = PrototypeUsage("i", "j")
    return jax.shard_map(usage, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)
