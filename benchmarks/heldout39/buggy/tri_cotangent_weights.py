import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def corner_angles(a, b):
    cos = jnp.sum(a * b, axis=-1) / (jnp.linalg.norm(a, axis=-1) * jnp.linalg.norm(b, axis=-1) + 1e-8)
    return jnp.arccos(jnp.clip(cos, -0.999, 0.999))


def cotangent_body(vert_axis):
    def body(a, b):
        angles = jax.lax.all_gather(corner_angles(a, b), vert_axis, axis=1, tiled=True, to="reduced")
        weights = 1.0 / jnp.tan(angles)
        return jnp.max(weights, axis=-1)

    return body


def inputs():
    rng = np.random.default_rng(55)
    return rng.normal(size=(4, 16, 3)).astype(np.float32), rng.normal(size=(4, 16, 3)).astype(np.float32)


def main(a, b):
    mesh = jax.make_mesh((2, 4), ("part", "vert"))
    spec = P("part", "vert", None)
    a = jax.device_put(a, NamedSharding(mesh, spec))
    b = jax.device_put(b, NamedSharding(mesh, spec))
    out = jax.shard_map(cotangent_body("vert"), mesh=mesh, in_specs=(spec, spec), out_specs=P("part"))(a, b)
    print(out)
    return out


if __name__ == "__main__":
    main(*inputs())
