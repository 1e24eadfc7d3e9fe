"""chrF character n-gram F-score with the reducer built by a factory over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BETA = 2.0


def make_chrf(mesh):
    data, shard = mesh.axis_names

    def chrf(hyp_chars, ref_chars):
        match = jnp.sum(jnp.minimum(hyp_chars, ref_chars), axis=-1)
        match = jax.lax.psum(match, shard)
        hyp_total = jax.lax.psum(jnp.sum(hyp_chars, axis=-1), shard)
        ref_total = jax.lax.psum(jnp.sum(ref_chars, axis=-1), shard)
        prec = match / jnp.maximum(hyp_total, 1.0)
        rec = match / jnp.maximum(ref_total, 1.0)
        f = (1 + BETA ** 2) * prec * rec / jnp.maximum(BETA ** 2 * prec + rec, 1e-8)
        return jax.lax.psum(jnp.sum(f), mesh.axis_names) / f.shape[0]

    return chrf


def inputs():
    rng = np.random.default_rng(34)
    hyp_chars = rng.integers(0, 4, size=(8, 32)).astype(np.float32)
    ref_chars = rng.integers(0, 4, size=(8, 32)).astype(np.float32)
    return hyp_chars, ref_chars


def main(hyp_chars, ref_chars):
    mesh = jax.make_mesh((2, 4), ("data", "shard"))
    spec = P("data", "shard")
    hyp_chars = jax.device_put(hyp_chars, NamedSharding(mesh, spec))
    ref_chars = jax.device_put(ref_chars, NamedSharding(mesh, spec))
    fn = jax.shard_map(make_chrf(mesh), mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return fn(hyp_chars, ref_chars)


if __name__ == "__main__":
    main(*inputs())
