"""PPO value clipping on an (actor, learner) mesh: old value predictions are gathered over
'actor' (reduced) and compared against the new ones with a clip range."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CLIP_EPS = 0.2


class PPOLoss:
    axis = "actor"

    def __call__(self, v_new, v_old):
        v_old = jax.lax.all_gather(v_old, self.axis, tiled=True, to="reduced")
        v_new = jax.lax.all_gather(v_new, self.axis, tiled=True, to="reduced")
        clipped = v_old + jnp.clip(v_new - v_old, -CLIP_EPS, CLIP_EPS)
        return clipped


def inputs():
    v_new = np.linspace(0.0, 1.0, 16, dtype=np.float32)
    v_old = np.full((16,), 0.5, np.float32)
    return v_new, v_old


def main(v_new, v_old):
    mesh = jax.make_mesh((4, 2), ("actor", "learner"))
    loss = PPOLoss()
    v_new = jax.device_put(v_new, NamedSharding(mesh, P("actor")))
    v_old = jax.device_put(v_old, NamedSharding(mesh, P("actor")))
    f = jax.shard_map(loss, mesh=mesh, in_specs=(P("actor"), P("actor")), out_specs=P(reduced={"actor"}))
    return f(v_new, v_old)


if __name__ == "__main__":
    print(main(*inputs()))
