"""Physics-informed network for the 1-D heat equation; collocation points split over devices."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class PINNConfig:
    points_axis: str = "colloc"
    width: int = 16
    diffusivity: float = 0.1


CFG = PINNConfig()
mesh = jax.make_mesh((8,), (CFG.points_axis,))


def u(params, t, x):
    h = jnp.tanh(params["w1"] @ jnp.stack([t, x]) + params["b1"])
    return h @ params["w2"]


def heat_residual(params, t, x, cfg):
    u_t = jax.vmap(jax.grad(u, argnums=1), (None, 0, 0))(params, t, x)
    u_xx = jax.vmap(jax.grad(jax.grad(u, argnums=2), argnums=2), (None, 0, 0))(params, t, x)
    return u_t - cfg.diffusivity * u_xx


def physics_loss(params, pts, cfg=CFG):
    r = heat_residual(params, pts[:, 0], pts[:, 1], cfg)
    total = jax.lax.psum(jnp.sum(r * r), cfg.points_axis)
    history = jax.lax.all_gather(total[None], cfg.points_axis, to="reduced")
    return history


def inputs():
    key = jax.random.key(0)
    pts = jax.random.uniform(key, (256, 2))
    params = {"w1": jnp.full((CFG.width, 2), 0.3), "b1": jnp.zeros(CFG.width),
              "w2": jnp.linspace(-1.0, 1.0, CFG.width)}
    return (jax.device_put(params, NamedSharding(mesh, P())),
            jax.device_put(pts, NamedSharding(mesh, P(CFG.points_axis))))


def main(params, pts):
    step = jax.shard_map(physics_loss, mesh=mesh, in_specs=(P(), P(CFG.points_axis)),
                         out_specs=P(reduced={CFG.points_axis}))
    return jax.jit(step)(params, pts)
