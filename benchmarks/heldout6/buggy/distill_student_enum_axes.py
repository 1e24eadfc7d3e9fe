"""Distillation with a tensor-parallel student: mesh axes as a str Enum."""
import enum

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Mesh(str, enum.Enum):
    DATA = "data"
    TENSOR = "tensor"


mesh = jax.make_mesh((2, 4), (Mesh.DATA.value, Mesh.TENSOR.value))


def kd_loss(student_logits, teacher_logits, t=2.0):
    p = jax.nn.softmax(teacher_logits / t)
    return -jnp.sum(p * jax.nn.log_softmax(student_logits / t), axis=-1)


def export_student(w):
    rows = jax.lax.all_gather(w, Mesh.TENSOR.value, axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(rows, (Mesh.DATA.value, Mesh.TENSOR.value), axis=1,
                              tiled=True, to="reduced")


def step(x, w_student, teacher_logits):
    w_full = jax.lax.all_gather(w_student, Mesh.DATA.value, axis=1, tiled=True)
    s = jax.lax.psum(x @ w_full, Mesh.TENSOR.value)
    loss = jax.lax.pmean(jnp.mean(kd_loss(s, teacher_logits)), Mesh.DATA.value)
    return loss, export_student(w_student)


def inputs():
    k1, k2, k3 = jax.random.split(jax.random.key(8), 3)
    x = jax.random.normal(k1, (8, 16))
    w = jax.random.normal(k2, (16, 8))
    t = jax.random.normal(k3, (8, 8))
    return (jax.device_put(x, NamedSharding(mesh, P(Mesh.DATA.value, Mesh.TENSOR.value))),
            jax.device_put(w, NamedSharding(mesh, P(Mesh.TENSOR.value, Mesh.DATA.value))),
            jax.device_put(t, NamedSharding(mesh, P(Mesh.DATA.value))))


def main(x, w, t):
    f = jax.shard_map(step, mesh=mesh,
                      in_specs=(P(Mesh.DATA.value, Mesh.TENSOR.value),
                                P(Mesh.TENSOR.value, Mesh.DATA.value), P(Mesh.DATA.value)),
                      out_specs=(P(), P(reduced={Mesh.DATA.value, Mesh.TENSOR.value})))
    return f(x, w, t)
