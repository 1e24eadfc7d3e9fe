"""World-model features: a gathered (reduced) latent through r * r, tanh(r + r) and astype."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8),)


def features(z):
    zf = jax.lax.all_gather(z, "latent", axis=1, tiled=True, to="reduced")
    energy = zf * zf
    squashed = jnp.tanh(zf + zf)
    return (energy + squashed * squashed).astype(jnp.float32)


def main(z):
    mesh = jax.make_mesh((2, 4), ("env", "latent"))
    z = jax.device_put(z, NamedSharding(mesh, P("env", "latent")))
    f = jax.shard_map(features, mesh=mesh, in_specs=P("env", "latent"),
                      out_specs=P("env", None, reduced={"latent"}))
    return f(z)


if __name__ == "__main__":
    print(main(*inputs()))
