"""EMA teacher of DINO: parameters gathered for the teacher's forward pass."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, MODEL = "data", "model"
PARAM_SPECS = {"backbone": P(DATA, MODEL), "head": P(DATA, MODEL)}


def ema(teacher, student, decay=0.996):
    return jax.tree.map(lambda t, s: decay * t + (1 - decay) * s, teacher, student)


def shard_gather(params):
    return jax.tree.map(lambda p: jax.lax.all_gather(p, MODEL, axis=1, tiled=True, to="reduced"), params)


def full_gather(params):
    return jax.tree.map(lambda p: jax.lax.all_gather(p, DATA, tiled=True, to="reduced"), params)


def teacher_step(teacher, student):
    teacher = ema(teacher, student)
    return full_gather(shard_gather(teacher))


def inputs():
    rng = np.random.default_rng(29)
    make = lambda: {k: rng.normal(size=(8, 8)).astype(np.float32) for k in PARAM_SPECS}
    return (make(), make())


def main(teacher, student):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    place = lambda tree: jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), tree, PARAM_SPECS)
    out_specs = {k: P(reduced={DATA, MODEL}) for k in PARAM_SPECS}
    return jax.shard_map(teacher_step, mesh=mesh, in_specs=(PARAM_SPECS, PARAM_SPECS),
                         out_specs=out_specs)(place(teacher), place(student))


if __name__ == "__main__":
    print(jax.tree.map(jnp.shape, main(*inputs())))
