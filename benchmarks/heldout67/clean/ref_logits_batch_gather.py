"""Reference model forward: vocab-parallel logits are assembled over both mesh axes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class ReferenceModel:
    vocab_axis = "tensor"
    batch_axis = "fsdp"

    def __init__(self, mesh):
        self.gather_axes = tuple(reversed(mesh.axis_names))[1:]

    def logits(self, hidden, unembed):
        local = hidden @ unembed
        full_vocab = jax.lax.all_gather(local, self.vocab_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(full_vocab.T, self.gather_axes, axis=1, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    h = jax.device_put(jnp.ones((4, 8)), NamedSharding(mesh, P("fsdp", None)))
    w = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P(None, "tensor")))
    return mesh, h, w


def main(mesh, h, w):
    model = ReferenceModel(mesh)
    fn = jax.shard_map(model.logits, mesh=mesh, in_specs=(P("fsdp", None), P(None, "tensor")),
                       out_specs=P(None, None, reduced={"fsdp", "tensor"}))
    return fn(h, w)


if __name__ == "__main__":
    main(*inputs())
