"""Objects kept in a list or tuple field and run one after the other inside the body: trainer
callbacks, a pipeline of stages, metric hooks read in a comprehension."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Hook:
    def after_step(self, metrics):
        return metrics


class MeanOver(Hook):
    def __init__(self, axis):
        self.axis = axis

    def after_step(self, metrics):
        return {name: jax.lax.pmean(value, self.axis) for name, value in metrics.items()}  # SF103


class Trainer:
    def __init__(self, mesh, hooks=()):
        self.mesh = mesh
        self.hooks = list(hooks)

    def step(self, x):
        metrics = {"loss": jax.lax.all_gather(jnp.sum(x, axis=1), "i", tiled=True, to="reduced")}
        for hook in self.hooks:
            metrics = hook.after_step(metrics)
        return metrics

    def fit(self, x):
        return jax.shard_map(self.step, mesh=self.mesh, in_specs=P("i", "j"), out_specs={"loss": P("j")})(x)


class GatherStage:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, v):
        return jax.lax.all_gather(v, self.axis, axis=1, tiled=True, to="reduced")


class Pipeline:
    def __init__(self, stages):
        self.stages = stages

    def run(self, v):
        for stage in self.stages:
            v = stage(v)
        return v


class Probe:
    def __init__(self, axis):
        self.axis = axis

    def read(self, v):
        return jax.lax.psum(v, self.axis)  # SF103


class Monitor:
    def __init__(self, probes):
        self.probes = tuple(probes)

    def report(self, v):
        return [probe.read(v) for probe in self.probes]


def run(mesh, x):
    trainer = Trainer(mesh, hooks=[MeanOver("i")])
    pipeline = Pipeline((GatherStage("j"),))
    monitor = Monitor([Probe("j")])

    def body(v):
        full = pipeline.run(v)
        sums = monitor.report(full)
        return full, sums[0]

    first = trainer.fit(x)
    second = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=(P("i", None, reduced={"j"}), P("i", None)))(x)
    return first, second
