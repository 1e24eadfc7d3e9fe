import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class FScore:
    cap = 4.0

    @staticmethod
    def nn(pred, target):
        d = jnp.sum((pred[:, :, None, :] - target[:, None, :, :]) ** 2, axis=-1)
        return jnp.min(d, axis=-1)

    @staticmethod
    def gathered(pred, target, axis="points"):
        return jax.lax.all_gather(FScore.nn(pred, target), axis, axis=1, tiled=True, to="invarying")

    @classmethod
    def robust(cls, pred, target):
        return jnp.max(jnp.clip(cls.gathered(pred, target), 0.0, cls.cap), axis=-1)


def inputs():
    rng = np.random.default_rng(115)
    return rng.normal(size=(4, 16, 3)).astype(np.float32), rng.normal(size=(4, 8, 3)).astype(np.float32)


def main(pred, target):
    mesh = jax.make_mesh((2, 4), ("data", "points"))
    pred = jax.device_put(pred, NamedSharding(mesh, P("data", "points", None)))
    target = jax.device_put(target, NamedSharding(mesh, P("data", None, None)))
    out = jax.shard_map(
        FScore.robust, mesh=mesh, in_specs=(P("data", "points", None), P("data", None, None)), out_specs=P("data")
    )(pred, target)
    print(out)
    return out


if __name__ == "__main__":
    main(*inputs())
