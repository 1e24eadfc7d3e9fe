"""SimCLR NT-Xent: embeddings gathered over the batch axis for negatives, then a mean logit per device."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TEMPERATURE = 0.5


def normalise(z):
    return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def inputs():
    rng = np.random.default_rng(15)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(view_a, view_b):
    mesh = jax.make_mesh((8,), ("batch",))
    spec = P("batch", None)
    view_a, view_b = (jax.device_put(normalise(v), NamedSharding(mesh, spec)) for v in (view_a, view_b))

    def nt_xent(za, zb):
        negatives = jax.lax.all_gather(zb, "batch", tiled=True, to="reduced")
        logits = za @ negatives.T
        pos = jnp.sum(za * zb, axis=-1)
        neg_table = jax.lax.pmean(negatives, "batch")
        return jax.nn.logsumexp(logits / TEMPERATURE, axis=-1) - pos / TEMPERATURE, neg_table

    return jax.shard_map(nt_xent, mesh=mesh, in_specs=(spec, spec), out_specs=(P("batch"), P()))(view_a, view_b)


if __name__ == "__main__":
    print(main(*inputs()))
