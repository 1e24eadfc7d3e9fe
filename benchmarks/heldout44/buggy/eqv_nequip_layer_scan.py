"""NequIP-like interaction layers stacked with jax.tree.map and applied with lax.scan."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"batch": "data", "features": "channel"}


def init_layer(key, width):
    k1, k2 = jax.random.split(key)
    return {"radial": jax.random.normal(k1, (width,)) * 0.1,
            "self_interaction": jax.random.normal(k2, (width,)) * 0.1}


def stack_layers(layers):
    return jax.tree.map(lambda *xs: jnp.stack(xs), *layers)


def spherical_harmonics_l1(vectors):
    norm = jnp.sqrt(jnp.sum(vectors ** 2, axis=-1, keepdims=True) + 1e-9)
    return vectors / norm


def make_layer_fn(axes):
    def layer(h, params):
        sh = jax.lax.all_gather(h, axes["features"], axis=1, tiled=True, to="reduced")
        mixed = jax.lax.psum(sh[:, : h.shape[1]], axes["features"])
        h = h + jnp.tanh(mixed * params["radial"][None, : h.shape[1]])
        return h, None
    return layer


def inputs():
    rng = np.random.default_rng(14)
    return (rng.normal(size=(4, 8)).astype(np.float32),)


def main(h):
    mesh = jax.make_mesh((2, 4), (AXES["batch"], AXES["features"]))
    spec = P(AXES["batch"], AXES["features"])
    h = jax.device_put(h, NamedSharding(mesh, spec))
    keys = jax.random.split(jax.random.key(1), 3)
    params = stack_layers([init_layer(k, 2) for k in keys])
    params = jax.device_put(params, NamedSharding(mesh, P()))

    def run(h, params):
        h, _ = jax.lax.scan(make_layer_fn(AXES), h, params)
        return h

    return jax.shard_map(run, mesh=mesh, in_specs=(spec, P()), out_specs=spec)(h, params)


if __name__ == "__main__":
    main(*inputs())
