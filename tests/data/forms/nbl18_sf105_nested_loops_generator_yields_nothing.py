"""The same nested loops, but the generator yields no crop for these shapes: the loss stays the Python 0.0."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, PROTO = "data", "model"


def crops(student, n_global=2):
    for i in range(student.shape[0] - 4):
        yield i, i < n_global, student[i]


def loss(student, teacher):
    targets = [teacher[g] for g in range(teacher.shape[0])]
    total, n = 0.0, 0
    for i, is_global, s in crops(student):
        for g, tg in enumerate(targets):
            if is_global and g == i:
                continue
            ce = jax.lax.psum(jnp.sum(tg * s, axis=-1), PROTO)
            total, n = total + ce.mean(), n + 1
    return jax.lax.pmean(total / max(n, 1), (DATA, PROTO))  # none


def inputs():
    rng = np.random.default_rng(3)
    return rng.normal(size=(4, 8, 16)).astype(np.float32), rng.normal(size=(2, 8, 16)).astype(np.float32)


def main(student, teacher):
    mesh = jax.make_mesh((2, 4), (DATA, PROTO))
    spec = P(None, DATA, PROTO)
    student, teacher = (jax.device_put(x, NamedSharding(mesh, spec)) for x in (student, teacher))
    return jax.shard_map(loss, mesh=mesh, in_specs=(spec, spec), out_specs=P())(student, teacher)


if __name__ == "__main__":
    print(main(*inputs()))
