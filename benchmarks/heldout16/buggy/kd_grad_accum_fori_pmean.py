"""Distillation trainer with gradient accumulation: micro-batch KL losses summed in fori_loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    student = np.linspace(-2, 2, 32 * 8, dtype=np.float32).reshape(32, 8)
    teacher = np.linspace(2, -2, 32 * 8, dtype=np.float32).reshape(32, 8)
    return student, teacher


def kl(p_logits, q_logits, temperature=2.0):
    p = jax.nn.log_softmax(p_logits / temperature, axis=-1)
    q = jax.nn.log_softmax(q_logits / temperature, axis=-1)
    return jnp.sum(jnp.exp(q) * (q - p), axis=-1)


def main(student, teacher, micro_batches=4, axes=("data", "vocab")):
    mesh = jax.make_mesh((2, 4), axes)
    student = jax.device_put(student, NamedSharding(mesh, P(axes[0], None)))
    teacher = jax.device_put(teacher, NamedSharding(mesh, P(axes[0], None)))

    def accumulate(s, t):
        mb = s.shape[0] // micro_batches

        def body(i, acc):
            s_mb = jax.lax.dynamic_slice_in_dim(s, i * mb, mb)
            t_mb = jax.lax.dynamic_slice_in_dim(t, i * mb, mb)
            return acc + kl(s_mb, t_mb).mean()

        total = jax.lax.fori_loop(0, micro_batches, body, jnp.zeros_like(s[0, 0]))
        return jax.lax.pmean(total / micro_batches, axes)

    fn = jax.shard_map(accumulate, mesh=mesh, in_specs=(P(axes[0], None), P(axes[0], None)),
                       out_specs=P())
    return fn(student, teacher)
