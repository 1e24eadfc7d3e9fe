import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OPS = {"sum": jax.lax.psum, "mean": jax.lax.pmean}


def coverage(mesh, stat="mean"):
    axes = tuple(mesh.shape)
    chunk = axes[-1]

    def body(hit):
        per_cloud = jax.lax.psum(hit.sum(axis=-1), chunk) / (hit.shape[-1] * mesh.shape[chunk])
        return OPS[stat](per_cloud, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P(*axes), out_specs=P())


def inputs():
    rng = np.random.default_rng(34)
    return ((rng.random(size=(4, 32)) > 0.6).astype(np.float32),)


def main(hit):
    mesh = jax.make_mesh((2, 4), ("cloud", "chunk"))
    hit = jax.device_put(hit, NamedSharding(mesh, P("cloud", "chunk")))
    cov = coverage(mesh)(hit)
    print(cov)
    return cov


if __name__ == "__main__":
    main(*inputs())
