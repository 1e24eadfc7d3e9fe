"""DINO multi-crop loss: student crops against teacher global crops, from a crop generator."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, PROTO = "data", "model"


def crops(student, n_global=2):
    for i in range(student.shape[0]):
        yield i, i < n_global, student[i]


def teacher_probs(teacher, temp=0.04):
    logits = teacher / temp
    z = jax.lax.psum(jnp.exp(logits).sum(axis=-1, keepdims=True), PROTO)
    return jnp.exp(logits) / z


def dino_loss(student, teacher, temp=0.1):
    t = [teacher_probs(teacher[g]) for g in range(teacher.shape[0])]
    total, n = 0.0, 0
    for i, is_global, s in crops(student):
        log_p = s / temp - jnp.log(jax.lax.psum(jnp.exp(s / temp).sum(-1, keepdims=True), PROTO))
        for g, tg in enumerate(t):
            if is_global and g == i:
                continue
            ce = jax.lax.psum(jnp.sum(-tg * log_p, axis=-1), PROTO)
            total, n = total + ce.mean(), n + 1
    return jax.lax.pmean(total / n, (DATA, PROTO))


def inputs():
    rng = np.random.default_rng(32)
    return (rng.normal(size=(4, 8, 16)).astype(np.float32),
            rng.normal(size=(2, 8, 16)).astype(np.float32))


def main(student, teacher):
    mesh = jax.make_mesh((2, 4), (DATA, PROTO))
    spec = P(None, DATA, PROTO)
    student, teacher = (jax.device_put(x, NamedSharding(mesh, spec)) for x in (student, teacher))
    return jax.shard_map(dino_loss, mesh=mesh, in_specs=(spec, spec), out_specs=P())(student, teacher)


if __name__ == "__main__":
    print(main(*inputs()))
