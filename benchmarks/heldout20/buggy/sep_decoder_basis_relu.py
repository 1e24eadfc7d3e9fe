"""Decoder basis shared over the channel shards, with a ReLU mask nonlinearity set at construction."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "chan"))


class Decoder:
    def __init__(self, axis="chan", activation=jax.nn.relu):
        self.axis = axis
        self.activation = activation

    def __call__(self, masks, basis):
        full = jax.lax.all_gather(basis, self.axis, axis=0, tiled=True, to="reduced")
        full = self.activation(full)
        out = masks @ full
        return jax.lax.psum(out, self.axis)


def inputs():
    masks = jax.random.normal(jax.random.key(26), (8, 16))
    basis = jax.random.normal(jax.random.key(27), (16, 32))
    return (jax.device_put(masks, NamedSharding(mesh, P("data", None))),
            jax.device_put(basis, NamedSharding(mesh, P("chan", None))))


def main(masks, basis):
    return jax.shard_map(Decoder(), mesh=mesh, in_specs=(P("data", None), P("chan", None)),
                         out_specs=P("data", None))(masks, basis)
