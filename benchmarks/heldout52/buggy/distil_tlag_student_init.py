"""Distillation: the student is initialised from every other teacher layer, then regathered."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TEACHER_SPEC = P("data", "hidden")
STUDENT_SPEC = P("data", "hidden")
REPLICATED_SPEC = P("hidden", None, reduced={"data"})


def build_init(mesh):
    @jax.jit
    def init_from_teacher(teacher):
        return teacher[::2] * 0.5
    return jax.jit(init_from_teacher, out_shardings=NamedSharding(mesh, STUDENT_SPEC))


def inputs():
    return (np.ones((16, 16), np.float32),)


def main(teacher):
    mesh = jax.make_mesh((2, 4), ("data", "hidden"))
    teacher = jax.device_put(teacher, NamedSharding(mesh, TEACHER_SPEC))
    with jax.set_mesh(mesh):
        student = build_init(mesh)(teacher)
        return top_level_all_gather(student, REPLICATED_SPEC)


if __name__ == "__main__":
    main(*inputs())
