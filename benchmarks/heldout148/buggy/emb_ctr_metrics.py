"""recsys/dlrm_jax/metrics/ctr.py: click-through metrics reported from every rank.

The metric group defaults to the whole world (all mesh axes), as torch's default process group.
"""
import enum
from collections import OrderedDict

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------
# torchish: the bits of torch.nn / torch.distributed we keep using, on top of
# JAX (pasted from our internal utils; keep in sync by hand).
# ---------------------------------------------------------------------------
class ReduceOp(enum.IntEnum):
    SUM = 0
    AVG = 1
    MAX = 2
    MIN = 3


_REDUCERS = {
    ReduceOp.SUM: jax.lax.psum,
    ReduceOp.AVG: jax.lax.pmean,
    ReduceOp.MAX: jax.lax.pmax,
    ReduceOp.MIN: jax.lax.pmin,
}


def get_rank(group):
    return jax.lax.axis_index(group)


def get_world_size(group):
    return jax.lax.axis_size(group)


def all_reduce(tensor, op=ReduceOp.SUM, group="data"):
    return _REDUCERS[ReduceOp(op)](tensor, group)


def all_gather(tensor, group="data", dim=0, to="varying"):
    return jax.lax.all_gather(tensor, group, axis=dim, tiled=True, to=to)


def broadcast(tensor, src=0, group="data"):
    keep = jnp.where(get_rank(group) == src, tensor, jnp.zeros_like(tensor))
    return jax.lax.psum(keep, group)


class Module:
    def __init__(self):
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_buffers", OrderedDict())
        object.__setattr__(self, "_modules", OrderedDict())
        object.__setattr__(self, "_forward_hooks", [])
        object.__setattr__(self, "training", True)

    def __setattr__(self, name, value):
        if isinstance(value, Module):
            self._modules[name] = value
        elif isinstance(value, (jax.Array, np.ndarray)) and not name.startswith("_"):
            self._parameters[name] = value
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        for store in ("_parameters", "_buffers", "_modules"):
            d = self.__dict__.get(store, {})
            if name in d:
                return d[name]
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")

    def register_buffer(self, name, value):
        self._buffers[name] = value

    def named_parameters(self, prefix=""):
        for name, p in self._parameters.items():
            yield prefix + name, p
        for mname, m in self._modules.items():
            yield from m.named_parameters(prefix + mname + ".")

    def parameters(self):
        return [p for _, p in self.named_parameters()]

    def state_dict(self, prefix=""):
        out = OrderedDict(self.named_parameters(prefix))
        for name, b in self._buffers.items():
            out[prefix + name] = b
        for mname, m in self._modules.items():
            for k, v in m.state_dict(prefix + mname + ".").items():
                out.setdefault(k, v)
        return out

    def load_state_dict(self, state, prefix=""):
        for name in list(self._parameters):
            self._parameters[name] = state[prefix + name]
        for name in list(self._buffers):
            self._buffers[name] = state.get(prefix + name, self._buffers[name])
        for mname, m in self._modules.items():
            m.load_state_dict(state, prefix + mname + ".")
        return self

    def register_forward_hook(self, hook):
        self._forward_hooks.append(hook)
        return hook

    def train(self, mode=True):
        object.__setattr__(self, "training", mode)
        for m in self._modules.values():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def __call__(self, *args, **kwargs):
        out = self.forward(*args, **kwargs)
        for hook in self._forward_hooks:
            res = hook(self, args, out)
            out = out if res is None else res
        return out


class Sequential(Module):
    def __init__(self, *mods):
        super().__init__()
        for i, m in enumerate(mods):
            self._modules[str(i)] = m

    def forward(self, x):
        for m in self._modules.values():
            x = m(x)
        return x


class ModuleList(Module):
    def __init__(self, mods=()):
        super().__init__()
        for m in mods:
            self.append(m)

    def append(self, m):
        self._modules[str(len(self._modules))] = m

    def __iter__(self):
        return iter(self._modules.values())

    def __len__(self):
        return len(self._modules)


class DistributedDataParallel(Module):
    """Averages gradients over `group` like torch's DDP (no buckets)."""

    def __init__(self, module, group="data"):
        super().__init__()
        self.module = module
        object.__setattr__(self, "group", group)

    def forward(self, *args):
        return self.module(*args)

    def sync_grads(self, grads):
        return jax.tree.map(lambda g: all_reduce(g, ReduceOp.AVG, self.group), grads)
# ---------------------------------------------------------------------------

WORLD = None


class DotInteraction(Module):
    def __init__(self, user_w, item_w):
        super().__init__()
        self.user = user_w
        self.item = item_w

    def forward(self, uid, iid):
        u = jnp.take(self.user, uid, axis=0)
        v = jnp.take(self.item, iid, axis=0)
        return all_reduce(jnp.sum(u * v, axis=-1), ReduceOp.SUM, "table")


def bce(logits, clicks):
    return jnp.mean(jnp.logaddexp(0.0, logits) - clicks * logits)


class CTRMetrics:
    def __init__(self, group=WORLD):
        self.group = group

    def compute(self, logits, clicks):
        prob = jax.nn.sigmoid(logits)
        return {"loss": bce(logits, clicks), "ctr": jnp.mean(prob), "clicks": jnp.mean(clicks)}

    def reduce(self, metrics):
        return jax.tree.map(lambda m: all_reduce(m, ReduceOp.AVG, self.group), metrics)


def make_eval(mesh):
    metrics = CTRMetrics(tuple(mesh.axis_names))

    def body(user_w, item_w, uid, iid, clicks):
        model = DotInteraction(user_w, item_w).eval()
        logits = model(uid, iid)
        return metrics.reduce(metrics.compute(logits, clicks))

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(P(None, "table"), P(None, "table"), P("data"), P("data"), P("data")),
                         out_specs=P())


def inputs():
    rng = np.random.default_rng(14)
    user_w = rng.normal(size=(20, 8)).astype(np.float32) * 0.3
    item_w = rng.normal(size=(30, 8)).astype(np.float32) * 0.3
    uid = rng.integers(0, 20, size=16).astype(np.int32)
    iid = rng.integers(0, 30, size=16).astype(np.int32)
    clicks = (rng.random(16) < 0.3).astype(np.float32)
    return user_w, item_w, uid, iid, clicks


def main(user_w, item_w, uid, iid, clicks):
    mesh = jax.make_mesh((4, 2), ("data", "table"))
    specs = (P(None, "table"), P(None, "table"), P("data"), P("data"), P("data"))
    with jax.set_mesh(mesh):
        args = [jax.device_put(a, NamedSharding(mesh, s))
                for a, s in zip((user_w, item_w, uid, iid, clicks), specs)]
        out = make_eval(mesh)(*args)
        print({k: float(v) for k, v in out.items()})
    return out["loss"]


if __name__ == "__main__":
    main(*inputs())
