"""SimCLR NT-Xent: reduced negatives only enter a matmul before the logsumexp."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TEMPERATURE = 0.5


def inputs():
    rng = np.random.default_rng(106)
    za = rng.normal(size=(16, 8)).astype(np.float32)
    zb = rng.normal(size=(16, 8)).astype(np.float32)
    return za / np.linalg.norm(za, axis=-1, keepdims=True), zb / np.linalg.norm(zb, axis=-1, keepdims=True)


def main(za, zb):
    mesh = jax.make_mesh((8,), ("batch",))
    spec = P("batch", None)
    za, zb = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (za, zb))

    def nt_xent(za, zb):
        negatives = jax.lax.all_gather(zb, "batch", tiled=True, to="reduced")
        logits = za @ negatives.T
        pos = jnp.sum(za * zb, axis=-1)
        return jax.nn.logsumexp(logits / TEMPERATURE, axis=-1) - pos / TEMPERATURE

    return jax.shard_map(nt_xent, mesh=mesh, in_specs=(spec, spec), out_specs=P("batch"))(za, zb)


if __name__ == "__main__":
    print(main(*inputs()))
