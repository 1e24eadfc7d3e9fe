"""A pooling helper that reduces differently for 2-D and 3-D activations."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def pool(h, axes):
    if h.ndim == 2:
        # [batch, features]: features are whole on each device, only the batch is split
        return jax.lax.psum(jnp.sum(h, axis=0), axes[0])
    # [batch, seq, features]: the sequence is split too
    return jax.lax.psum(jnp.sum(h, axis=(0, 1)), axes)


def inputs():
    return np.ones((8, 4), np.float32), np.ones((8, 4, 4), np.float32)


def main(flat, seq):
    mesh = jax.make_mesh((2, 4), ("batch", "seq"))
    flat = jax.device_put(flat, NamedSharding(mesh, P("batch")))
    seq = jax.device_put(seq, NamedSharding(mesh, P("batch", "seq")))

    def body(f, s):
        return pool(f, ("batch", "seq")) + pool(s, ("batch", "seq"))

    return jax.shard_map(body, mesh=mesh, in_specs=(P("batch"), P("batch", "seq")), out_specs=P())(flat, seq)


if __name__ == "__main__":
    print(main(*inputs()))
