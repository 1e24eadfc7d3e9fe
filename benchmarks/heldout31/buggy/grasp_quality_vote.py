"""Grasp planner: antipodal quality scores voted over candidate shards of each scene."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class GraspConfig:
    scene_axis = "scene"
    candidate_axis = "grasp"
    friction_coeff = 0.5


def antipodal_quality(normals_a, normals_b, mu):
    cos = -jnp.sum(normals_a * normals_b, axis=-1)
    return jnp.clip(cos - jnp.cos(jnp.arctan(mu)), 0.0, 1.0)


class QualityVote:
    def __init__(self, cfg=GraspConfig):
        self.cfg = cfg

    def votes(self, na, nb):
        q = antipodal_quality(na, nb, self.cfg.friction_coeff)
        return jax.lax.psum((q > 0.2).astype(jnp.float32), self.cfg.candidate_axis)

    def __call__(self, na, nb):
        v = self.votes(na, nb)
        return jax.lax.all_gather(v, axis_name=self.cfg.candidate_axis, to="reduced", tiled=True)


def inputs():
    mesh = jax.make_mesh((2, 4), (GraspConfig.scene_axis, GraspConfig.candidate_axis))
    na = jnp.sin(jnp.arange(4 * 16 * 3, dtype=jnp.float32)).reshape(4, 16, 3)
    nb = jnp.cos(jnp.arange(4 * 16 * 3, dtype=jnp.float32)).reshape(4, 16, 3)
    s = NamedSharding(mesh, P("scene", "grasp", None))
    return mesh, jax.device_put(na, s), jax.device_put(nb, s)


def main(mesh, na, nb):
    spec = P("scene", "grasp", None)
    return jax.shard_map(QualityVote(), mesh=mesh, in_specs=(spec, spec),
                         out_specs=P("scene", None, reduced={"grasp"}))(na, nb)
