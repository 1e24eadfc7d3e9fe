"""An FSDP dense layer: the weight is gathered reduced and used in a matmul, whose output no
longer carries the reduced type; the per-shard loss is then summed over 'fsdp'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP = "fsdp"


def dense_loss(x, w):
    w_full = jax.lax.all_gather(w, FSDP, axis=0, tiled=True, to="reduced")
    y = x @ w_full
    return jax.lax.psum(jnp.sum(y ** 2), FSDP)


def inputs():
    x = np.arange(16 * 8, dtype=np.float32).reshape(16, 8) / 128.0
    w = np.ones((8, 4), np.float32) / 8.0
    return x, w


def main(x, w):
    mesh = jax.make_mesh((8,), (FSDP,))
    x = jax.device_put(x, NamedSharding(mesh, P(FSDP)))
    w = jax.device_put(w, NamedSharding(mesh, P(FSDP)))
    f = jax.shard_map(dense_loss, mesh=mesh, in_specs=(P(FSDP), P(FSDP)), out_specs=P())
    return f(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
