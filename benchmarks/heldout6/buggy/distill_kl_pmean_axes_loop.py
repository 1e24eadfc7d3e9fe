"""Distillation metrics: the KL term averaged over every mesh axis larger than one."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4, 1), ("batch", "heads", "stage"))


def kl(p_logits, q_logits):
    p = jax.nn.softmax(p_logits)
    return jnp.sum(p * (jax.nn.log_softmax(p_logits) - jax.nn.log_softmax(q_logits)), -1)


def metrics(teacher, student):
    axes = []
    for name in mesh.axis_names:
        if mesh.shape[name] > 1:
            axes.append(name)
    per_head = kl(teacher, student)
    per_example = jax.lax.pmean(per_head, "heads")
    return jax.lax.pmean(jnp.mean(per_example), tuple(axes))


def inputs():
    t = jax.random.normal(jax.random.key(14), (8, 4, 5))
    s = jax.random.normal(jax.random.key(15), (8, 4, 5))
    spec = NamedSharding(mesh, P("batch", "heads"))
    return jax.device_put(t, spec), jax.device_put(s, spec)


def main(t, s):
    f = jax.shard_map(metrics, mesh=mesh, in_specs=(P("batch", "heads"), P("batch", "heads")),
                      out_specs=P())
    return f(t, s)
