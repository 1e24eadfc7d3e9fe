"""SimCLR similarity logits: features gathered across the tensor axis, then sharpened."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_logits_fn(temperature, feature_axis="model"):
    def logits_fn(z):
        z = z * (1.0 / temperature)
        full = jax.lax.all_gather(z, feature_axis, axis=1, tiled=True, to="reduced")
        return jnp.einsum("nd,md->nm", full, full)
    return logits_fn


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(size=(16, 32)).astype(np.float32),)


def main(z):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    z = jax.device_put(z, NamedSharding(mesh, P("data", "model")))
    fn = make_logits_fn(temperature=0.1)
    return jax.shard_map(fn, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", None))(z)


if __name__ == "__main__":
    main(*inputs())
