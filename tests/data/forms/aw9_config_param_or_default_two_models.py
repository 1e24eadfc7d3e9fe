"""Distillation: a trainer entry takes an optional config (`cfg = cfg or Config()`), and a teacher
and a student built from it share the mesh; the student gathers the teacher's reduced output
again over both axes its config's property names."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class Config:
    batch_axis: str = "i"
    hidden_axis: str = "j"

    @property
    def axes(self):
        return (self.batch_axis, self.hidden_axis)


class Teacher:
    def __init__(self, cfg):
        self.cfg = cfg

    def hidden(self, h):
        return jax.lax.all_gather(h, self.cfg.hidden_axis, axis=1, tiled=True, to="reduced")


class Student:
    def __init__(self, cfg):
        self.cfg = cfg

    def align(self, t):
        return jax.lax.all_gather(t, self.cfg.axes, axis=0, tiled=True, to="reduced")  # SF102


def distill(mesh, h, cfg=None):
    cfg = cfg or Config()
    teacher, student = Teacher(cfg), Student(cfg)

    def body(h):
        return student.align(teacher.hidden(h))

    return jax.shard_map(body, mesh=mesh, in_specs=P(*cfg.axes), out_specs=P(None, None, reduced=set(cfg.axes)))(h)


def run(mesh, x):
    return distill(mesh, jnp.asarray(x))
