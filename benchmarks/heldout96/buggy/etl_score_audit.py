"""Nightly batch-scoring pipeline: load -> score -> audit. The audit stage keeps, on every device,
the scores of the row block as seen by every feature shard (for the reproducibility audit)."""
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

# --- batch-scoring pipeline: a DAG of async stages over a sharded feature table ---------------

class PipelineConfig(BaseModel):
    mesh_shape: tuple[int, ...] = (2, 4)
    mesh_axes: tuple[str, ...] = ("rows", "cols")
    n_rows: int = 32
    n_features: int = 8
    seed: int = 0


class Stage:
    def __init__(self, name, fn, after, options):
        self.name, self.fn, self.after, self.options = name, fn, tuple(after), dict(options)


class Pipeline:
    """Stages declare what they run after; `run` starts each stage once all its inputs are done."""

    def __init__(self, name):
        self.name = name
        self.stages = {}

    def stage(self, name=None, after=(), **options):
        def deco(fn):
            self.stages[name or fn.__name__] = Stage(name or fn.__name__, fn, after, options)
            return fn
        return deco

    async def _run_stage(self, stage, ctx, done):
        await asyncio.gather(*(done[dep] for dep in stage.after))
        kwargs = {k: v for k, v in stage.options.items()}
        if inspect.iscoroutinefunction(stage.fn):
            result = await stage.fn(ctx, **kwargs)
        else:
            result = await run_in_threadpool(stage.fn, ctx, **kwargs)
        ctx.artifacts[stage.name] = result

    async def run(self, ctx):
        done = {}
        for name, stage in self.stages.items():
            done[name] = asyncio.ensure_future(self._run_stage(stage, ctx, done))
        await asyncio.gather(*done.values())
        return ctx.artifacts


class RunContext:
    def __init__(self, config: PipelineConfig):
        self.config = config
        self.mesh = jax.make_mesh(config.mesh_shape, config.mesh_axes)
        self.row_axis, self.col_axis = config.mesh_axes
        self.artifacts = {}

    def table_sharding(self):
        return NamedSharding(self.mesh, P(self.row_axis, self.col_axis))


pipe = Pipeline("nightly-scoring")


@pipe.stage()
def load(ctx: RunContext):
    rng = np.random.default_rng(ctx.config.seed)
    c = ctx.config
    x = rng.normal(size=(c.n_rows, c.n_features)).astype(np.float32)
    w = rng.normal(size=(c.n_features,)).astype(np.float32) / np.sqrt(c.n_features)
    y = (x @ w + 0.1 * rng.normal(size=c.n_rows) > 0).astype(np.float32)
    return {
        "x": jax.device_put(x, ctx.table_sharding()),
        "w": jax.device_put(w, NamedSharding(ctx.mesh, P(ctx.col_axis))),
        "y": jax.device_put(y, NamedSharding(ctx.mesh, P(ctx.row_axis))),
    }


def linear_scores(x, w, col_axis):
    """Row scores of the logistic model; features are split over `col_axis`."""
    return jax.lax.psum(x @ w, col_axis)


def run_pipeline(config_overrides):
    ctx = RunContext(PipelineConfig(**config_overrides))
    return asyncio.run(pipe.run(ctx))


@pipe.stage(after=("load",), audit_axes=("cols",))
def score(ctx: RunContext, audit_axes):
    table = ctx.artifacts["load"]

    def score_and_audit(x, w):
        z = linear_scores(x, w, ctx.col_axis)
        return z, jax.lax.all_gather(z, audit_axes, axis=0, tiled=True, to="reduced")

    fn = jax.jit(jax.shard_map(score_and_audit, mesh=ctx.mesh,
                               in_specs=(P(ctx.row_axis, ctx.col_axis), P(ctx.col_axis)),
                               out_specs=(P(ctx.row_axis), P(ctx.row_axis, reduced=set(audit_axes)))))
    return fn(table["x"], table["w"])


@pipe.stage(after=("score",))
async def audit(ctx: RunContext):
    z, copies = ctx.artifacts["score"]
    return {"n": int(z.shape[0]), "copies": int(copies.shape[0])}


def inputs():
    return ({"seed": 3},)


def main(overrides):
    return run_pipeline(overrides)["audit"]


if __name__ == "__main__":
    print(main(*inputs()))
