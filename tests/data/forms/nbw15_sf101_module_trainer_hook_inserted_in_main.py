import jax
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self, axis):
        self.axis = axis
        self.hooks = {"before_step": [], "after_step": []}

    def register(self, event):
        def deco(fn):
            self.hooks[event].append(fn)
            return fn
        return deco

    def step(self, x):
        out = {"energy": jax.lax.pmean(x.sum(axis=1), self.axis), "table": x}
        for hook in self.hooks["after_step"]:
            out.update(hook(self, out))
        return out["table"]


trainer = Trainer("j")


@trainer.register("after_step")
def energy_table(tr, out):
    return {"table": jax.lax.all_gather(out["energy"], tr.axis, to="reduced")}


def to_varying(tr, out):
    return {"energy": jax.lax.pcast(out["energy"], tr.axis, to="varying")}


def main(mesh, x):
    trainer.hooks["after_step"].insert(0, to_varying)  # runs first: the gather sees a varying value
    fn = jax.shard_map(trainer.step, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "i", reduced={"j"}))
    return fn(x)
