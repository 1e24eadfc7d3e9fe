"""megatron_lite/optim/zero1.py: ZeRO-1 style sharded SGD with momentum for a TP MLP.

Gradients are reduce-scattered over the data group, each rank updates its slice of the
momentum, and the updated slices are gathered back.
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

DP, TP = "data", "model"


class ColumnParallelLinear(Module):
    def __init__(self, weight):
        super().__init__()
        self.weight = weight

    def forward(self, x):
        return jax.nn.relu(x @ self.weight)


class RowParallelLinear(Module):
    def __init__(self, weight):
        super().__init__()
        self.weight = weight

    def forward(self, x):
        return all_reduce(x @ self.weight, ReduceOp.SUM, TP)


def loss_fn(params, x, y):
    w1, w2 = params
    model = Sequential(ColumnParallelLinear(w1), RowParallelLinear(w2))
    return jnp.mean((model(x) - y) ** 2)


class ZeroSGD:
    def __init__(self, lr, momentum, group):
        self.lr, self.momentum, self.group = lr, momentum, group

    def step(self, param, grad, buf):
        g_slice = jax.lax.psum_scatter(grad, self.group, scatter_dimension=0, tiled=True)
        g_slice = g_slice / get_world_size(self.group)
        buf = self.momentum * buf + g_slice
        start = get_rank(self.group) * g_slice.shape[0]
        p_slice = jax.lax.dynamic_slice_in_dim(param, start, g_slice.shape[0]) - self.lr * buf
        return all_gather(p_slice, self.group, dim=0, to="invarying"), buf


def make_step(mesh):
    opt = ZeroSGD(0.05, 0.9, DP)

    def body(w1, w2, buf1, buf2, x, y):
        params = jax.lax.pcast((w1, w2), DP, to="varying")
        g1, g2 = jax.grad(loss_fn)(params, x, y)
        w1, buf1 = opt.step(params[0], g1, buf1)
        w2, buf2 = opt.step(params[1], g2, buf2)
        loss = all_reduce(loss_fn(params, x, y), ReduceOp.AVG, DP)
        return w1, w2, buf1, buf2, loss

    specs = (P(None, TP), P(TP, None), P(DP, TP), P((DP, TP), None), P(DP, None), P(DP, None))
    return jax.shard_map(body, mesh=mesh, in_specs=specs,
                         out_specs=(P(None, TP), P(TP, None), P(DP, TP), P((DP, TP), None), P())), specs


def inputs():
    rng = np.random.default_rng(70)
    w1 = rng.normal(size=(8, 16)).astype(np.float32) * 0.3
    w2 = rng.normal(size=(16, 8)).astype(np.float32) * 0.3
    x = rng.normal(size=(8, 8)).astype(np.float32)
    y = rng.normal(size=(8, 8)).astype(np.float32)
    return w1, w2, x, y


def main(w1, w2, x, y):
    mesh = jax.make_mesh((2, 4), (DP, TP))
    step, specs = make_step(mesh)
    with jax.set_mesh(mesh):
        arrays = (w1, w2, np.zeros((8, 16), np.float32), np.zeros((16, 8), np.float32), x, y)
        args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip(arrays, specs)]
        nw1, nw2, b1, b2, loss = step(*args)
        print("loss", float(loss), nw1.shape, nw2.shape)
    return loss


if __name__ == "__main__":
    main(*inputs())
