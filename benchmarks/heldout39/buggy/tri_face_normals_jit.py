import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def face_normals(v0, v1, v2):
    n = jnp.cross(v1 - v0, v2 - v0)
    return n / (jnp.linalg.norm(n, axis=-1, keepdims=True) + 1e-8)


def gather_normals(mesh, normals):
    vert = mesh.axis_names[1]
    part_rows = jax.lax.all_gather(normals, vert, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(part_rows, mesh.axis_names, axis=0, tiled=True, to="reduced")


@functools.partial(jax.jit, static_argnums=0)
def all_normals(mesh, v0, v1, v2):
    spec = P("part", "vert", None)
    return jax.shard_map(
        lambda a, b, c: gather_normals(mesh, face_normals(a, b, c)),
        mesh=mesh,
        in_specs=(spec, spec, spec),
        out_specs=P(None, None, None, reduced=set(mesh.axis_names)),
    )(v0, v1, v2)


def inputs():
    rng = np.random.default_rng(51)
    return tuple(rng.normal(size=(4, 16, 3)).astype(np.float32) for _ in range(3))


def main(v0, v1, v2):
    mesh = jax.make_mesh((2, 4), ("part", "vert"))
    put = lambda a: jax.device_put(a, NamedSharding(mesh, P("part", "vert", None)))
    out = all_normals(mesh, put(v0), put(v1), put(v2))
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
