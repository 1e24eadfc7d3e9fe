import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.partial(jax.jit, static_argnames=("batch_axis", "seq_axis"))
def sp_loss(logits, batch_axis, seq_axis):
    mesh = jax.sharding.get_abstract_mesh()

    def body(logits):
        per_seq = lax.psum(jnp.sum(logits ** 2, axis=(1, 2)), seq_axis)
        per_seq = lax.pcast(per_seq, seq_axis, to="varying")
        return lax.pmean(per_seq.mean(), (batch_axis, seq_axis))

    return jax.shard_map(body, mesh=mesh, in_specs=P(batch_axis, seq_axis), out_specs=P())(logits)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(4, 8, 4) / 128,)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("batch", "seq"))
    with jax.set_mesh(mesh):
        logits = jax.device_put(logits, P("batch", "seq"))
        return sp_loss(logits, batch_axis="batch", seq_axis="seq")


if __name__ == "__main__":
    print(main(*inputs()))
