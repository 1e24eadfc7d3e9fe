"""Hyper-parameter search: rungs run concurrently for two seeds; after each rung the weights of the
whole population are checkpointed on every device (features first, then the population)."""
import asyncio
import contextlib
import functools
import inspect
import typing

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# --- servekit: the small FastAPI / pydantic stand-in our inference services share -----------

class ValidationError(ValueError):
    pass


def _coerce(tp, value):
    origin = typing.get_origin(tp)
    if origin is tuple and isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if origin in (tuple, list) and isinstance(value, (list, tuple)):
        return origin(value)
    if tp in (int, float) and isinstance(value, (str, int, float)):
        return tp(value)
    return value


class BaseModel:
    """Annotated fields, class defaults, coercion of "a,b" to tuples; extra fields rejected."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        fields = {}
        for klass in reversed(cls.__mro__):
            fields.update({k: v for k, v in getattr(klass, "__annotations__", {}).items()
                           if not k.startswith("_")})
        cls.model_fields = fields

    def __init__(self, **data):
        for name, tp in self.model_fields.items():
            if name in data:
                value = _coerce(tp, data.pop(name))
            elif hasattr(type(self), name):
                value = getattr(type(self), name)
            else:
                raise ValidationError(f"{type(self).__name__}.{name}: field required")
            setattr(self, name, value)
        if data:
            raise ValidationError(f"{type(self).__name__}: extra fields {sorted(data)}")

    @classmethod
    def model_validate(cls, obj):
        return cls(**dict(obj or {}))

    def model_dump(self):
        return {name: getattr(self, name) for name in self.model_fields}

    def model_copy(self, update=None):
        return type(self)(**{**self.model_dump(), **(update or {})})


class Depends:
    def __init__(self, dependency, *, use_cache=True):
        self.dependency = dependency
        self.use_cache = use_cache


class BackgroundTasks:
    def __init__(self):
        self.tasks = []

    def add_task(self, fn, *args, **kwargs):
        self.tasks.append((fn, args, kwargs))

    async def __call__(self):
        for fn, args, kwargs in self.tasks:
            if inspect.iscoroutinefunction(fn):
                await fn(*args, **kwargs)
            else:
                await run_in_threadpool(fn, *args, **kwargs)


class Request:
    def __init__(self, app, method, path, body=None, query=None):
        self.app, self.method, self.path = app, method, path
        self._body = body or {}
        self.query = dict(query or {})
        self.exit_stack = contextlib.AsyncExitStack()

    async def json(self):
        return self._body


class Response:
    def __init__(self, status_code, payload):
        self.status_code = status_code
        self._payload = payload

    def json(self):
        return self._payload


class HTTPException(Exception):
    def __init__(self, status_code, detail=""):
        super().__init__(detail)
        self.status_code, self.detail = status_code, detail


async def run_in_threadpool(fn, *args, **kwargs):
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, functools.partial(fn, *args, **kwargs))


class App:
    def __init__(self, title=""):
        self.title = title
        self.routes = {}
        self.state = type("State", (), {})()
        self.dependency_overrides = {}
        self._hooks = {"startup": [], "shutdown": []}

    def on_event(self, kind):
        def register(fn):
            self._hooks[kind].append(fn)
            return fn
        return register

    def route(self, method, path, response_model=None):
        def register(fn):
            self.routes[(method, path)] = (fn, response_model)
            return fn
        return register

    def post(self, path, **kwargs):
        return self.route("POST", path, **kwargs)

    def get(self, path, **kwargs):
        return self.route("GET", path, **kwargs)

    async def _solve(self, fn, request, cache, background):
        kwargs = {}
        for name, param in inspect.signature(fn).parameters.items():
            default, ann = param.default, param.annotation
            if isinstance(default, Depends):
                dep = self.dependency_overrides.get(default.dependency, default.dependency)
                if default.use_cache and dep in cache:
                    kwargs[name] = cache[dep]
                    continue
                kwargs[name] = cache[dep] = await self._call(dep, request, cache, background)
            elif ann is Request:
                kwargs[name] = request
            elif ann is BackgroundTasks:
                kwargs[name] = background
            elif isinstance(ann, type) and issubclass(ann, BaseModel):
                kwargs[name] = ann.model_validate(await request.json())
            elif name in request.query:
                kwargs[name] = _coerce(ann, request.query[name])
        return kwargs

    async def _call(self, fn, request, cache, background):
        kwargs = await self._solve(fn, request, cache, background)
        if inspect.isasyncgenfunction(fn):
            gen = fn(**kwargs)
            value = await gen.__anext__()
            request.exit_stack.push_async_callback(gen.aclose)
            return value
        out = fn(**kwargs)
        return await out if inspect.isawaitable(out) else out

    async def handle(self, method, path, body=None, query=None):
        if (method, path) not in self.routes:
            return Response(404, {"detail": "Not Found"})
        fn, response_model = self.routes[(method, path)]
        request, background = Request(self, method, path, body, query), BackgroundTasks()
        async with request.exit_stack:
            try:
                out = await self._call(fn, request, {}, background)
            except HTTPException as exc:
                return Response(exc.status_code, {"detail": exc.detail})
        if response_model is not None and not isinstance(out, response_model):
            out = response_model.model_validate(out)
        await background()
        return Response(200, out.model_dump() if isinstance(out, BaseModel) else out)

    async def startup(self):
        for hook in self._hooks["startup"]:
            await hook() if inspect.iscoroutinefunction(hook) else hook()

    async def shutdown(self):
        for hook in self._hooks["shutdown"]:
            await hook() if inspect.iscoroutinefunction(hook) else hook()


class TestClient:
    """Like Starlette's TestClient with raise_server_exceptions=True, but awaitable."""

    def __init__(self, app):
        self.app = app

    async def __aenter__(self):
        await self.app.startup()
        return self

    async def __aexit__(self, *exc):
        await self.app.shutdown()

    async def post(self, path, json=None):
        return await self.app.handle("POST", path, body=json)

    async def get(self, path, params=None):
        return await self.app.handle("GET", path, query=params)


# --- end of servekit ---------------------------------------------------------------------------

# --- hyper-parameter search: a population of trials laid out over the mesh, an async study ----

class SearchSpace(BaseModel):
    mesh_shape: tuple[int, ...] = (4, 2)
    mesh_axes: tuple[str, ...] = ("trials", "feat")
    n_trials: int = 8
    n_features: int = 8
    n_samples: int = 32
    lr_range: tuple[float, float] = (0.01, 0.3)
    rungs: int = 2
    max_concurrency: int = 2


class Study:
    """Runs rungs of a trial population; each rung's evaluation is one sharded computation."""

    def __init__(self, space: SearchSpace, seed=0):
        self.space = space
        self.mesh = jax.make_mesh(space.mesh_shape, space.mesh_axes)
        self.trials_axis, self.feat_axis = space.mesh_axes
        self.sem = asyncio.Semaphore(space.max_concurrency)
        rng = np.random.default_rng(seed)
        lo, hi = space.lr_range
        self.lrs = self.place(np.exp(rng.uniform(np.log(lo), np.log(hi), space.n_trials)).astype(np.float32),
                              P(self.trials_axis))
        self.w = self.place(np.zeros((space.n_trials, space.n_features), np.float32),
                            P(self.trials_axis, self.feat_axis))
        x = rng.normal(size=(space.n_samples, space.n_features)).astype(np.float32)
        y = (x @ rng.normal(size=space.n_features)).astype(np.float32)
        self.x = self.place(x, P(None, self.feat_axis))
        self.y = self.place(y, P())
        self.history = []

    @property
    def axes(self):
        return self.space.mesh_axes

    def place(self, value, spec):
        return jax.device_put(value, NamedSharding(self.mesh, spec))

    def shard(self, body, in_specs, out_specs):
        return jax.jit(jax.shard_map(body, mesh=self.mesh, in_specs=in_specs, out_specs=out_specs))

    async def evaluate(self, fn, *args):
        async with self.sem:
            return await run_in_threadpool(fn, *args)


def predict(w, x, feat_axis):
    """(samples, trials_local): every local trial's linear model on all samples."""
    return jax.lax.psum(x @ w.T, feat_axis)


def sgd_rung(w, lrs, x, y, feat_axis, steps=3):
    for _ in range(steps):
        err = predict(w, x, feat_axis) - y[:, None]
        grad = (err.T @ x) / x.shape[0]
        w = w - lrs[:, None] * grad
    return w


def train_specs(study):
    t, f = study.trials_axis, study.feat_axis
    return (P(t, f), P(t), P(None, f), P())


def population_snapshot(w, axes):
    trials_axis, feat_axis = axes
    rows = jax.lax.all_gather(w, feat_axis, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(rows, axes, axis=0, tiled=True, to="reduced")


async def run_seed(space: SearchSpace, seed):
    study = Study(space, seed=seed)
    t, f = study.trials_axis, study.feat_axis
    train = study.shard(functools.partial(sgd_rung, feat_axis=f), train_specs(study), P(t, f))
    snap = study.shard(functools.partial(population_snapshot, axes=study.axes), P(t, f),
                       P(None, None, reduced=set(study.axes)))
    for _ in range(space.rungs):
        study.w = await study.evaluate(train, study.w, study.lrs, study.x, study.y)
        ckpt = await study.evaluate(snap, study.w)
        study.history.append(float(np.abs(np.asarray(ckpt)).sum()))
    return study.history


async def sweep(space, seeds):
    return await asyncio.gather(*(run_seed(space, s) for s in seeds))


def inputs():
    return SearchSpace(), (0, 1)


def main(space, seeds):
    return asyncio.run(sweep(space, seeds))


if __name__ == "__main__":
    print(main(*inputs()))
