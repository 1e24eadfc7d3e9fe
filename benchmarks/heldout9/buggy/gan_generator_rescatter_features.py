"""Tensor-parallel GAN generator: the hidden features of a layer are gathered over 'model'
for the style modulation, then handed back to the model shards for the next layer."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Generator:
    axis = "model"

    def modulate(self, h, style):
        return h * (1.0 + style)

    def to_shards(self, h_full):
        return jax.lax.psum_scatter(h_full, self.axis, scatter_dimension=1, tiled=True)

    def __call__(self, z, w, style):
        h = jax.nn.relu(z @ w)
        h_full = jax.lax.all_gather(h, self.axis, axis=1, tiled=True, to="reduced")
        h_next = self.to_shards(h_full)
        return self.modulate(h_next, style)


def main(z, w, style):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    gen = Generator()
    f = jax.shard_map(gen, mesh=mesh, in_specs=(P("data", None), P(None, "model"), P(None, "model")),
                      out_specs=P("data", "model"))
    return f(jax.device_put(z, NamedSharding(mesh, P("data", None))),
             jax.device_put(w, NamedSharding(mesh, P(None, "model"))),
             jax.device_put(style, NamedSharding(mesh, P(None, "model"))))


def inputs():
    ks = jax.random.split(jax.random.key(72), 3)
    return (jax.random.normal(ks[0], (8, 4)), jax.random.normal(ks[1], (4, 16)),
            jax.random.normal(ks[2], (1, 16)))
